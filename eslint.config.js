// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import floorsPlugin from './tools/eslint/floor-imports.js';

/**
 * The floors of src and what each may import: one table (tools/eslint/floors.js), enforced by
 * path (tools/eslint/floor-imports.js) for static, dynamic and type imports, re-exports and
 * require(), Node built-ins with and without `node:` and electron.
 */
const floors = {
  files: ['src/**/*.{ts,tsx,js,mjs}'],
  plugins: { floors: floorsPlugin },
  // A floor marked `pending` in the table is skipped unless `enablePending` is on.
  rules: { 'floors/imports': ['error', { enablePending: false }] },
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'out/**',
      'dist/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'reports/**',
      '.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  floors,
  {
    files: ['src/{shared,node-kit,simulator,core}/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message:
                'Only src/main and src/preload may import electron (it fetches its binary on first require).',
            },
          ],
        },
      ],
    },
  },
);
