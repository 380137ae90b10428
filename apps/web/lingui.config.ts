import { readdirSync } from 'node:fs';
import babelExtractor from '@lingui/cli/api/extractors/babel';
import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from '../../packages/shared/src/enums.ts';
import { serverMessageExtractor } from '../server/scripts/message-extractor.mjs';

/**
 * One catalog per feature (src/features/<name>/locales/{locale}.po) plus one for the shell
 * (src/locales), so a page loads only its own messages and features never edit the same file; and the
 * server's catalog (apps/server/src/locales), extracted from its `defineMessages` calls, so one
 * extraction and one check cover both ends.
 */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const config: LinguiConfig = {
  locales: [...SUPPORTED_LOCALES],
  sourceLocale: DEFAULT_LOCALE,
  fallbackLocales: { default: DEFAULT_LOCALE },
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
    {
      path: '<rootDir>/../server/src/locales/{locale}',
      include: ['<rootDir>/../server/src'],
      exclude: ['**/*.test.ts', '**/db/migrations/**'],
    },
  ],
  extractors: [serverMessageExtractor, babelExtractor],
  format: formatter({ lineNumbers: false, printLinguiId: false }),
  orderBy: 'messageId',
};

export default config;
