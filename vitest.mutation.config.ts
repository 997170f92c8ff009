import { defineConfig } from 'vitest/config';

/**
 * The tests `npm run mutation` (stryker.config.mjs) runs against each mutant: the fast unit
 * tests of the modules it mutates, nothing that starts a simulator, a browser or a keychain.
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
      'test/unit/core/cache/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
  },
});
