/**
 * How long `qjob` takes to start (issue 10, "The first hour": every command compiled the
 * TypeScript sources with tsx first, 0.45 s for `--help` and 1.6–2 s through npx). The bundle
 * `npm run build` writes to out/cli is what bin/qjob.js runs; `qjob --help` from it has to start
 * well under 200 ms, next to a bare `node -e 0` on the same machine (both measured here, as
 * whole processes, median of several runs: a start is a one-off, the median keeps one busy
 * moment of a shared machine out). Measured on the 2-core machine: `node -e 0` ~45 ms, the
 * bundle ~60–70 ms, the sources through tsx ~250–550 ms (informational, no target). The cpu
 * column is this process's, not the child's: only the wall time counts here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gatePayload } from './fixtures';
import { measure } from './harness';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'bin', 'qjob.js');
if (!existsSync(path.join(ROOT, 'out', 'cli', 'main.js')))
  throw new Error('cli-start bench: out/cli/main.js is missing: run `npm run build` first');

function run(args: string[], env: Record<string, string> = {}): void {
  const r = spawnSync(process.execPath, args, {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`cli-start bench: node ${args.join(' ')}: ${r.stderr}`);
}

const RUNS = 9;
await measure('node -e 0 (the floor)', {}, () => run(['-e', '0']), { runs: RUNS });
await measure(
  'qjob --help from the bundle',
  { maxMs: 200 },
  () => run([BIN, '--help'], { QJOB_CLI_FROM: 'bundle' }),
  { runs: RUNS },
);
await measure(
  'qjob --help from the sources (tsx)',
  {},
  () => run([BIN, '--help'], { QJOB_CLI_FROM: 'source' }),
  { runs: 3 },
);

// What a person waits for (informational): checking a template, and a 1 MB payload in a new
// process, where the reader's code starts cold and the young generation small (the parsing
// bench times the same check warm, in one process).
const TEMPLATE = path.join(ROOT, 'resources', 'templates', 'b', 'bell.yaml');
await measure(
  'qjob validate, a template, from the bundle',
  {},
  () => run([BIN, 'validate', TEMPLATE, '--variant', 'B'], { QJOB_CLI_FROM: 'bundle' }),
  { runs: RUNS },
);
const megabyteFile = path.join(mkdtempSync(path.join(tmpdir(), 'qjob-bench-')), 'gates.yaml');
writeFileSync(megabyteFile, gatePayload(1_000_000));
try {
  await measure(
    'qjob validate, a 1 MB payload, from the bundle (a new process)',
    {},
    () => run([BIN, 'validate', megabyteFile, '--variant', 'B'], { QJOB_CLI_FROM: 'bundle' }),
    { runs: 5 },
  );
} finally {
  rmSync(path.dirname(megabyteFile), { recursive: true, force: true });
}
