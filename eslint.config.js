// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The layering of design.md, enforced: each folder may import only the layers below it.
 * Patterns match import specifiers (relative imports between our folders always pass
 * through the folder name).
 */
const layer = (/** @type {string[]} */ folders, /** @type {string} */ why) =>
  folders.map((f) => ({ group: [`**/${f}`, `**/${f}/**`], message: why }));
const electronOnlyInMainAndPreload = {
  name: 'electron',
  message:
    'Only src/main and src/preload may import electron (it fetches its binary on first require).',
};
const nodeBuiltins = {
  group: ['node:*'],
  message: 'This layer runs in the browser too: no Node built-ins.',
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
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInMainAndPreload],
          patterns: [
            ...layer(
              ['core', 'main', 'preload', 'renderer', 'web', 'cli'],
              'src/shared imports nothing else of ours.',
            ),
            nodeBuiltins,
          ],
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInMainAndPreload],
          patterns: layer(
            ['main', 'preload', 'renderer', 'web', 'cli'],
            'src/core may import only src/shared.',
          ),
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInMainAndPreload],
          patterns: [
            ...layer(
              ['core', 'main', 'preload', 'web', 'cli'],
              'src/renderer talks to the rest only through window.qjob.',
            ),
            nodeBuiltins,
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.ts', 'src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInMainAndPreload],
          patterns: layer(
            ['main', 'preload', 'renderer'],
            'src/web and src/cli may import only src/shared and src/core.',
          ),
        },
      ],
    },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: layer(
            ['core', 'main', 'renderer', 'web', 'cli'],
            'src/preload may import only src/shared and electron.',
          ),
        },
      ],
    },
  },
  {
    files: ['src/main/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: layer(
            ['renderer', 'web', 'cli', 'preload'],
            'src/main may import src/shared, src/core and electron.',
          ),
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnlyInMainAndPreload] }],
    },
  },
);
