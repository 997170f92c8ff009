import { defaultConfigDir, standaloneSimulatorDir } from '../../core/profiles/config-dir';
import { ensurePrivateDir } from '../../node-kit/fs/private-files';
import { startSimulator } from '../../simulator';
import type { SimulatorOptions } from '../../simulator';
import { parseOptions, requireNonEmpty, requireNumber, requireVariant } from '../args';
import { CommandFailure } from '../errors';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';
import { runCommand } from '../run-command';

export interface CommandIo extends Pick<CliIo, 'ownsProcess'> {
  /** Receives whole lines, newline included. */
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /** Stops the simulator like SIGINT does (for embedding and tests). */
  signal?: AbortSignal;
  /** Decides the default data folder (`QJOB_CONFIG_DIR`, `APPDATA`, ...); process.env unless given. */
  env?: Record<string, string | undefined>;
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
  --data DIR          where jobs, logs and results are kept (default: simulator/
                      standalone in the folder the app and qjob share: see
                      "qjob --help")
  --user NAME         user name to accept (default demo)
  --api-key KEY       API key to accept (default demo)
  --failure-rate R    probability 0..1 that a run ends in a device error (default 0)
  --run-time-limit S  simulated seconds a run may take before it times out (default 600)
`;

const SIMULATOR_OPTIONS = {
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
} as const;

/** Parse the command line into simulator options; throws UsageError on anything wrong. */
export function parseSimulatorArgs(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): SimulatorOptions | 'help' {
  const { values: v } = parseOptions(argv, SIMULATOR_OPTIONS, false);
  if (v.help) return 'help';
  const options: SimulatorOptions = {
    port: requireNumber('--port', v.port, { integer: true, min: 0, max: 65535 }),
    variant: requireVariant('--variant', v.variant),
    seed: requireNumber('--seed', v.seed, { integer: true }),
    speed: requireNumber('--speed', v.speed, { min: 0, minExclusive: true, max: 1_000_000 }),
    tokenTtlSeconds: requireNumber('--token-ttl', v['token-ttl'], {
      min: 0,
      minExclusive: true,
      max: 31_536_000,
      unit: 'seconds',
    }),
    dataDir: requireNonEmpty('--data', v.data) ?? standaloneSimulatorDir(defaultConfigDir(env)),
    user: requireNonEmpty('--user', v.user),
    apiKey: requireNonEmpty('--api-key', v['api-key']),
    failureRate: requireNumber('--failure-rate', v['failure-rate'], { min: 0, max: 1 }),
    runTimeLimitSeconds: requireNumber('--run-time-limit', v['run-time-limit'], {
      min: 0,
      minExclusive: true,
      unit: 'seconds',
    }),
  };
  return Object.fromEntries(
    Object.entries(options).filter(([, x]) => x !== undefined),
  ) as SimulatorOptions;
}

/**
 * `qjob simulator`: prints exactly one line on stdout, `listening on http://127.0.0.1:PORT/api/v1`
 * (the base URL a connection profile takes), and serves until SIGINT or SIGTERM.
 * Exit codes: 0 after a clean stop, 1 when it could not start, 2 for bad arguments.
 */
export async function runSimulatorCommand(argv: string[], io: CommandIo): Promise<number> {
  return runCommand(
    'simulator',
    SIMULATOR_USAGE,
    io,
    () => parseSimulatorArgs(argv, io.env),
    async (options) => {
      const configDir = defaultConfigDir(io.env);
      let handle;
      try {
        // The default folder is the app's own: it and the folders above it, up to the shared
        // config folder, are owner-only (an earlier version made them 0755).
        if (options.dataDir === standaloneSimulatorDir(configDir))
          await ensurePrivateDir(options.dataDir, configDir);
        handle = await startSimulator({
          ...options,
          onProblem: (m) => io.stderr(`simulator: ${m}\n`),
        });
      } catch (error) {
        throw new CommandFailure(`could not start: ${(error as Error).message}`, EXIT.failed);
      }
      for (const problem of handle.problems) io.stderr(`simulator: ${problem}\n`);
      await new Promise<void>((resolve) => {
        const done = () => {
          process.off('SIGINT', done);
          process.off('SIGTERM', done);
          io.signal?.removeEventListener('abort', done);
          resolve();
        };
        process.on('SIGINT', done);
        process.on('SIGTERM', done);
        // Only now: whoever waits for this line may stop the simulator as soon as it reads it.
        io.stdout(`listening on ${handle.url}\n`);
        if (io.signal?.aborted) done();
        else io.signal?.addEventListener('abort', done, { once: true });
      });
      await handle.stop();
      return EXIT.ok;
    },
  );
}
