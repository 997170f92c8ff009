import { defineConfig } from 'vitest/config';

/**
 * The tests `npm run mutation` (stryker.config.mjs) runs against each mutant: the fast unit
 * tests of the modules it mutates, nothing that starts a simulator, a browser or a keychain.
 * One integration file is among them: the batch runner's retries are tested only against a
 * faulty service on loopback (no simulator).
 */
export default defineConfig({
  test: {
    include: [
      'test/unit/shared/variants/**/*.test.ts',
      'test/unit/shared/wire/**/*.test.ts',
      'test/unit/shared/analysis/**/*.test.ts',
      'test/unit/shared/handles/**/*.test.ts',
      'test/unit/core/auth/**/*.test.ts',
      'test/unit/core/client/**/*.test.ts',
      'test/unit/core/jobs/**/*.test.ts',
      'test/unit/core/job-store/**/*.test.ts',
      'test/unit/web/{access-tokens,request-guard}.test.ts',
      'test/unit/shared/dialect/**/*.test.ts',
      'test/unit/hostile/documents-editor.test.ts',
      'test/unit/shared/sweeps/**/*.test.ts',
      'test/unit/core/batches/**/*.test.ts',
      'test/integration/batches/no-double-submit.test.ts',
      'test/unit/core/bundles/**/*.test.ts',
      'test/unit/cli/terminal-text.test.ts',
      'test/unit/shared/estimates/**/*.test.ts',
      'test/unit/core/history/**/*.test.ts',
      'test/unit/shared/drift/**/*.test.ts',
      'test/unit/core/drift/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
  },
});
