// @ts-check
/**
 * `npm run mutation`: StrykerJS mutates the security- and data-relevant modules one change at
 * a time and runs their unit tests (vitest.mutation.config.ts) against each mutant; a mutant no
 * test notices is a bug the tests would let through. Not part of `npm test` (it takes a while):
 * run it after changing these modules or their tests. One module: `npx stryker run --mutate
 * src/core/jobs/poller.ts`. Reports: reports/mutation/ (git-ignored). Score: README.md.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // Static mutants (module-level code: the variant tables, regular expressions, schemas built
  // once) would each rerun every test, ~70 % of the run time; they are left out of the score.
  ignoreStatic: true,
  mutate: [
    // The variants and the payload rule.
    'src/shared/variants/{declaration,payload,jobs,token,device,enums,issues,datetime}.ts',
    // The wire codecs.
    'src/shared/wire/*.ts',
    '!src/shared/wire/index.ts',
    // The session and its refresh.
    'src/core/auth/{session,refresh-rules,refresh-timer,stored-session,assertion}.ts',
    // The job poller.
    'src/core/jobs/{poller,watched-job,followed-jobs,poll-failures,cadence,wait,live-seen,watch-limits}.ts',
    // The job store's merge and queries.
    'src/core/job-store/{record-merge,record-columns,stored-rows,memory-job-cache,sqlite-job-cache,job-source}.ts',
    // The fits.
    'src/shared/analysis/{fit-input,fit-t1,fit-rabi,levenberg-marquardt,periodogram,small-linear-algebra}.ts',
    // The client's transport (requests, redirects, retries, errors) and its body limits.
    'src/core/client/{transport,request,retry,errors,authorizer}.ts',
    'src/core/client/body/*.ts',
    // Browser mode's launch and session tokens, and its Host and Origin checks.
    'src/web/{access-tokens,request-guard}.ts',
    // The dialect: reading and checking payloads (qubit indices, values, readouts).
    'src/shared/dialect/*.ts',
    // Sweeps: ranges, values, paths, the plan.
    'src/shared/sweeps/*.ts',
    '!src/shared/sweeps/index.ts',
    // Batches: the runner's retries (an unknown outcome looked up first), the stores.
    'src/core/batches/*.ts',
    // Bundles: reading, building (redaction), opening.
    'src/shared/bundles/{read-bundle,schema,view}.ts',
    'src/core/bundles/{build-bundle,collect-bundle,open-bundle}.ts',
    // The terminal sanitizer.
    'src/cli/output/terminal-text.ts',
    // Estimates: the duration model and its quantiles.
    'src/shared/estimates/*.ts',
    '!src/shared/estimates/index.ts',
    'src/core/history/estimates-service.ts',
    // Drift: the series and the runs read from experiments.
    'src/shared/drift/*.ts',
    '!src/shared/drift/index.ts',
    'src/core/drift/drift-service.ts',
  ],
  ignorePatterns: [
    'out',
    'dist',
    'reports',
    'test-results',
    'playwright-report',
    'docs/screenshots',
    'test/e2e',
    'test/component',
    'bench',
  ],
  // The machine is shared: one worker. Raise it on your own machine (`--concurrency 4`).
  concurrency: 1,
  timeoutMS: 5_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  clearTextReporter: { logTests: false },
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
