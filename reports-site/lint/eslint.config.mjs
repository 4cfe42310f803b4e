// ESLint for the site's TypeScript and the project's Node scripts (make lint-site; make test runs it from the repository root).
// It lives in reports-site/lint/ with packages of its own because typescript-eslint parses with TypeScript's JS API, which
// TypeScript 7 (the site's compiler) no longer ships: this folder pins TypeScript 6 for the linter alone.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const site = new URL('..', import.meta.url).pathname;

export default defineConfig(
  { ignores: ['**/node_modules/', '**/dist/', '**/reports/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // the site's own code, with types (its tsconfig): floating promises, any leaking from casts, "[object Object]" in text
    files: ['reports-site/src/**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      globals: globals.browser,
      parserOptions: { project: ['tsconfig.json'], tsconfigRootDir: site },
    },
  },
  {
    files: ['**/*.mjs', 'reports-site/test/**/*.ts', 'reports-site/*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // Playwright scripts: the functions given to page.evaluate and waitForFunction run in the page, not in Node
    files: ['e2e/*.mjs', 'reports-site/test-browser/*.mjs', 'reports-site/bench/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  // Prettier owns the layout: the rules that would fight it are off
  prettier,
);
