import { describe, expect, it } from 'vitest';

/**
 * Forms validate with the shared zod schemas through lib/schema-form.ts (DESIGN §5), never with rules
 * written again in the form.
 */

/** Every source file of the features, by its path under features/. */
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['../features/**/*.{ts,tsx}', '!../features/**/*.test.*'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, text]) => [path.replace('../features/', ''), text]),
);
const forms = Object.entries(sources)
  .map(([path, text]) => ({ path, text }))
  .filter((f) => /\buseForm\b/.test(f.text));

describe('forms validate with the shared schemas (issue #24)', () => {
  it('finds the forms', () => {
    expect(forms.length).toBeGreaterThan(20);
  });

  it('every form goes through schema-form.ts, with no hand-written rule object', () => {
    const offenders = forms
      .filter((f) => /\bvalidate:\s*\{/.test(f.text) || !usesSchemaForm(f.path, f.text))
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });
});

/** The form imports the helper itself, or a values module of its feature that does. */
function usesSchemaForm(path: string, text: string): boolean {
  if (text.includes('lib/schema-form.ts')) return true;
  const feature = path.split('/')[0];
  return [...text.matchAll(/from '\.\.?\/[^']*lib\/([a-z-]+-values)\.ts'/g)].some((m) =>
    sources[`${feature}/lib/${m[1]}.ts`]?.includes('lib/schema-form.ts'),
  );
}
