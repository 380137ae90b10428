import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { defineProject } from 'vitest/config';

// The tests run from the repository's root, where no Lingui config lives: name the web's.
const configPath = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));

export default defineProject({
  // Lingui macros compiled and .po catalogs loadable, as in the app's build (vite.config.ts).
  plugins: [
    babel({ plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig: getConfig({ configPath }) }]] }),
    lingui({ configPath }),
  ],
  test: { name: 'web', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
});
