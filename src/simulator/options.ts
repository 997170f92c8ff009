import { z } from 'zod';
import { VARIANT_IDS } from '../shared/variants';
import { SIMULATOR_CREDENTIALS } from './auth/default-credentials';
import { DEFAULT_ENGINE_LIMITS } from './engine/types';
import type { EngineLimits } from './engine/types';

const limitsSchema = z.strictObject({
  maxQubits: z.number().int().positive().optional(),
  maxShots: z.number().int().positive().optional(),
  maxTimeSteps: z.number().int().positive().optional(),
  maxIterations: z.number().int().positive().optional(),
  maxTomographyQubits: z.number().int().positive().optional(),
  maxEvolutionQubits: z.number().int().positive().optional(),
  maxIntegratorSteps: z.number().int().positive().optional(),
  maxEvolutionMemoryMiB: z.number().int().positive().optional(),
  maxHamiltonianTerms: z.number().int().positive().optional(),
  maxResultValues: z.number().int().positive().optional(),
});

/**
 * Everything a simulator can be started with, checked at the boundary (the CLI and the app's
 * main process both pass options in). Waiting times are simulated seconds, scaled by `speed`.
 */
const simulatorOptionsSchema = z.strictObject({
  /** 0 picks a free port. */
  port: z.number().int().min(0).max(65535).default(0),
  /** Loopback only: the simulator has demo credentials and must not be reachable from outside. */
  host: z.literal('127.0.0.1').default('127.0.0.1'),
  variant: z.enum(VARIANT_IDS).default('A'),
  seed: z.number().int().default(1),
  speed: z.number().positive().max(1_000_000).default(1),
  tokenTtlSeconds: z.number().positive().max(31_536_000).default(3600),
  refreshTtlSeconds: z
    .number()
    .positive()
    .max(31_536_000)
    .default(7 * 24 * 3600),
  /** Where jobs, logs and the token key are kept; without it nothing outlives the process. */
  dataDir: z.string().min(1).optional(),
  user: z.string().min(1).default(SIMULATOR_CREDENTIALS.user),
  apiKey: z.string().min(1).default(SIMULATOR_CREDENTIALS.apiKey),
  /** The audience assertions must name; unset accepts any. */
  audience: z.string().optional(),
  failureRate: z.number().min(0).max(1).default(0),
  runTimeLimitSeconds: z.number().positive().default(600),
  validationDelaySeconds: z.number().min(0).default(0.5),
  limits: limitsSchema.default({}),
  /**
   * Read payloads in the SDK's form only, as the real service does, refusing the friendly
   * dialect with what to do instead (docs/sdk-wire.md): every submit path of the app and of
   * `qjob` compiles to the SDK's form, and simulator mode proves it. Off only for tests of the
   * engine that post the friendly form directly.
   */
  sdkOnly: z.boolean().default(true),
  /** Prefix of every endpoint; the base URL looks like the real one (`…/api/v1`). */
  basePath: z
    .string()
    .regex(/^(\/[A-Za-z0-9._~-]+)*$/, "must be '' or start with '/' and contain only path segments")
    .default('/api/v1'),
  maxBodyBytes: z
    .number()
    .int()
    .positive()
    .default(16 * 1024 * 1024),
  /**
   * Engine worker threads. Default: one per device, so simulated devices run side by side as
   * real ones do (workers start only when needed).
   */
  engineWorkers: z.number().int().positive().max(64).optional(),
  /**
   * Threads one job's circuit may use, its worker's own included (the state is shared, not
   * copied). Default: the machine's cores.
   */
  circuitThreads: z.number().int().positive().max(64).optional(),
  /** The compiled engine worker, for bundled builds (see the engine's ENGINE_WORKER_BUNDLE_FILE). */
  engineWorkerUrl: z.instanceof(URL).optional(),
  /** Told about trouble no request sees (a failed disk write); defaults to stderr. */
  onProblem: z.custom<(message: string) => void>((v) => typeof v === 'function').optional(),
});

export type SimulatorOptions = z.input<typeof simulatorOptionsSchema>;
export type ResolvedSimulatorOptions = z.output<typeof simulatorOptionsSchema> & {
  engineLimits: EngineLimits;
};

export function resolveOptions(options: SimulatorOptions): ResolvedSimulatorOptions {
  const parsed = simulatorOptionsSchema.safeParse(options);
  if (!parsed.success)
    throw new RangeError(`invalid simulator options: ${z.prettifyError(parsed.error)}`);
  const defined = Object.fromEntries(
    Object.entries(parsed.data.limits).filter(([, v]) => v !== undefined),
  );
  return { ...parsed.data, engineLimits: { ...DEFAULT_ENGINE_LIMITS, ...defined } };
}
