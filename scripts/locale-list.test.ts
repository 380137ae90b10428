import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALE_INFO, SUPPORTED_LOCALES } from '../packages/shared/src/enums.ts';

const root = path.resolve(import.meta.dirname, '..');
const sourceDirs = [
  'apps/server/src',
  'apps/server/scripts',
  'apps/web/src',
  'apps/web/scripts',
  'packages/shared/src',
];

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.(ts|tsx|mjs)$/.test(p) && !/\.test\.tsx?$|test-fixtures/.test(p)) out.push(p);
  }
  return out;
}

/**
 * One list of languages (packages/shared enums `SUPPORTED_LOCALES`) drives every end: no code lists or
 * compares language codes itself, so adding a language is the list plus its catalogs.
 */
const HARD_CODED = [
  /\[\s*['"](es|en|ca)['"]\s*,\s*['"](es|en|ca)['"]/, // ['es', 'en'] and the like
  /['"](es|en|ca)['"]\s*\|\s*['"](es|en|ca)['"]/, // 'es' | 'en'
  /(locale|lang|language)\s*[=!]==?\s*['"](es|en|ca)['"]/i, // locale === 'en'
  /['"](es|en|ca)['"]\s*[=!]==?\s*[\w.]*(locale|lang)\b/i,
  /\b(es|en|ca)\s*:\s*\{\s*label/, // a second label table
  /['"](Español|English|Català)['"]/, // a language named outside LOCALE_INFO
];

describe('supported languages', () => {
  it('are listed once, each with its label', () => {
    expect(SUPPORTED_LOCALES[0]).toBe('es');
    for (const locale of SUPPORTED_LOCALES) expect(LOCALE_INFO[locale].label).toBeTruthy();
  });

  it('are never hard-coded elsewhere', () => {
    const enums = path.join(root, 'packages/shared/src/enums.ts');
    const offenders: string[] = [];
    for (const file of sourceDirs.flatMap((d) => sources(path.join(root, d)))) {
      if (file === enums) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (HARD_CODED.some((re) => re.test(line)))
            offenders.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
