import { readdirSync } from 'node:fs';
import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * One catalog per feature (src/features/<name>/locales/{es,en}.po) plus one for the shell
 * (src/locales), so a page loads only its own messages and features never edit the same file.
 */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const config: LinguiConfig = {
  locales: ['es', 'en'],
  sourceLocale: 'es',
  fallbackLocales: { default: 'es' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/src/features/**'],
    },
    ...features.map((name) => ({
      path: `<rootDir>/src/features/${name}/locales/{locale}`,
      include: [`<rootDir>/src/features/${name}`],
    })),
  ],
  format: formatter({ lineNumbers: false, printLinguiId: false }),
  orderBy: 'messageId',
};

export default config;
