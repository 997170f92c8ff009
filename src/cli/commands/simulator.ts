import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startSimulator } from '../../core/simulator';
import type { SimulatorOptions } from '../../core/simulator';

export interface CommandIo {
  /** Receives whole lines, newline included. */
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /** Stops the simulator like SIGINT does (for embedding and tests). */
  signal?: AbortSignal;
}

export const SIMULATOR_USAGE = `usage: qjob simulator [--port N] [--variant A|B] [--seed N] [--speed X]
                      [--token-ttl S] [--data DIR] [--user NAME] [--api-key KEY]
                      [--failure-rate R] [--run-time-limit S]

Runs the offline simulator of the quantum job service on 127.0.0.1 and prints
one line, "listening on <base URL>", then serves until interrupted.

  --port N            port to listen on (default 0: a free port)
  --variant A|B       data-model variant to serve (default A)
  --seed N            seed of device schedules, failures and sampling (default 1)
  --speed X           run all waiting X times faster than real time (default 1)
  --token-ttl S       access-token lifetime in seconds (default 3600)
  --data DIR          where jobs, logs and results are kept
                      (default: the per-user data folder of Quantum Job Studio)
  --user NAME         user name to accept (default demo)
  --api-key KEY       API key to accept (default demo)
  --failure-rate R    probability 0..1 that a run ends in a device error (default 0)
  --run-time-limit S  simulated seconds a run may take before it times out (default 600)
`;

class UsageError extends Error {}

function number(
  name: string,
  raw: string | undefined,
  check: (n: number) => boolean,
  what: string,
): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || !check(value)) {
    throw new UsageError(`--${name} must be ${what}, got '${raw}'`);
  }
  return value;
}

/** Parse the command line into simulator options; throws UsageError on anything wrong. */
export function parseSimulatorArgs(argv: string[]): SimulatorOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        variant: { type: 'string' },
        seed: { type: 'string' },
        speed: { type: 'string' },
        'token-ttl': { type: 'string' },
        data: { type: 'string' },
        user: { type: 'string' },
        'api-key': { type: 'string' },
        'failure-rate': { type: 'string' },
        'run-time-limit': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const v = parsed.values;
  if (v.help) return 'help';
  if (v.variant !== undefined && v.variant !== 'A' && v.variant !== 'B') {
    throw new UsageError(`--variant must be A or B, got '${v.variant}'`);
  }
  for (const name of ['data', 'user', 'api-key'] as const) {
    if (v[name] === '') throw new UsageError(`--${name} must not be empty`);
  }
  const options: SimulatorOptions = {
    port: number(
      'port',
      v.port,
      (n) => Number.isInteger(n) && n >= 0 && n <= 65535,
      'an integer from 0 to 65535',
    ),
    variant: v.variant,
    seed: number('seed', v.seed, Number.isSafeInteger, 'an integer'),
    speed: number('speed', v.speed, (n) => n > 0 && n <= 1_000_000, 'a number above 0'),
    tokenTtlSeconds: number(
      'token-ttl',
      v['token-ttl'],
      (n) => n > 0 && n <= 31_536_000,
      'a positive number of seconds',
    ),
    dataDir: v.data ?? defaultDataDir(),
    user: v.user,
    apiKey: v['api-key'],
    failureRate: number(
      'failure-rate',
      v['failure-rate'],
      (n) => n >= 0 && n <= 1,
      'a number from 0 to 1',
    ),
    runTimeLimitSeconds: number(
      'run-time-limit',
      v['run-time-limit'],
      (n) => n > 0,
      'a positive number of seconds',
    ),
  };
  return Object.fromEntries(
    Object.entries(options).filter(([, x]) => x !== undefined),
  ) as SimulatorOptions;
}

/** The per-user data folder, by platform convention, so jobs outlive the process by default. */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  if (platform === 'win32')
    return join(
      env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'),
      'Quantum Job Studio',
      'simulator',
    );
  if (platform === 'darwin')
    return join(homedir(), 'Library', 'Application Support', 'Quantum Job Studio', 'simulator');
  return join(
    env.XDG_DATA_HOME || join(homedir(), '.local', 'share'),
    'quantum-job-studio',
    'simulator',
  );
}

/**
 * `qjob simulator`: prints exactly one line on stdout, `listening on http://127.0.0.1:PORT/api/v1`
 * (the base URL a connection profile takes), and serves until SIGINT or SIGTERM.
 * Exit codes: 0 after a clean stop, 1 when it could not start, 2 for bad arguments.
 */
export async function runSimulatorCommand(argv: string[], io: CommandIo): Promise<number> {
  let options;
  try {
    options = parseSimulatorArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`qjob simulator: ${error.message}\n\n${SIMULATOR_USAGE}`);
    return 2;
  }
  if (options === 'help') {
    io.stdout(SIMULATOR_USAGE);
    return 0;
  }
  let handle;
  try {
    handle = await startSimulator({ ...options, onProblem: (m) => io.stderr(`simulator: ${m}\n`) });
  } catch (error) {
    io.stderr(`qjob simulator: could not start: ${(error as Error).message}\n`);
    return 1;
  }
  for (const problem of handle.problems) io.stderr(`simulator: ${problem}\n`);
  io.stdout(`listening on ${handle.url}\n`);
  await new Promise<void>((resolve) => {
    const done = () => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      io.signal?.removeEventListener('abort', done);
      resolve();
    };
    process.on('SIGINT', done);
    process.on('SIGTERM', done);
    if (io.signal?.aborted) done();
    else io.signal?.addEventListener('abort', done, { once: true });
  });
  await handle.stop();
  return 0;
}
