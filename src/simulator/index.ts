import { join } from 'node:path';
import type { VariantId } from '../shared/variants';
import { loadTokenSecret } from './auth/secret';
import { TokenService } from './auth/token-service';
import { SimClock } from './clock';
import { CATALOGUE } from './devices/catalogue';
import { DeviceRegistry } from './devices/device-registry';
import { createEnginePort } from './engine-adapter';
import { JobManager } from './jobs/job-manager';
import { resolveOptions } from './options';
import type { ResolvedSimulatorOptions, SimulatorOptions } from './options';
import { listen } from './server/http-server';
import { createRequestListener } from './server/request-listener';
import { Router } from './server/router';
import { authRoutes } from './server/routes/auth-routes';
import { capabilityRoutes } from './server/routes/capability-routes';
import { deviceRoutes } from './server/routes/device-routes';
import { executeRoute } from './server/routes/execute-route';
import { jobRoutes } from './server/routes/job-routes';
import { lockDataDir } from './store/data-lock';
import { FileJobStore } from './store/file-job-store';
import { MemoryJobStore } from './store/job-store';
import type { JobStore } from './store/job-store';

export type { SimulatorOptions } from './options';
export { SIMULATOR_CREDENTIALS } from './auth/default-credentials';
export { CATALOGUE } from './devices/catalogue';
export { dryRun } from './dry-run';
export type { DryRunOutcome } from './dry-run';
export { DataDirInUseError } from './store/data-lock';
export type { DeviceSpec } from './devices/catalogue';

export interface SimulatorHandle {
  /** The base URL, base path included: `http://127.0.0.1:PORT/api/v1`. */
  url: string;
  port: number;
  variant: VariantId;
  /** Where this variant's jobs are kept (`<dataDir>/variant-<A|B>`), or null when nothing is persisted. */
  dataDir: string | null;
  /** What could not be restored at start (files set aside, never deleted). */
  problems: string[];
  /** Stop serving and computing; stored jobs stay for the next start. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Start the offline simulator: the service's HTTP API (docs/wire-format.md) on loopback, for one
 * variant, with physics in worker threads and jobs kept under `dataDir`. Used by the app's main
 * process, the browser-mode server and `qjob simulator`.
 */
export async function startSimulator(options: SimulatorOptions = {}): Promise<SimulatorHandle> {
  const o = resolveOptions(options);
  const onProblem = o.onProblem ?? ((m: string) => process.stderr.write(`simulator: ${m}\n`));
  // One folder per variant: a job of one variant cannot be read with the other's models. One
  // simulator per folder: two would overwrite each other's jobs.
  const jobsDir = o.dataDir ? join(o.dataDir, `variant-${o.variant}`) : null;
  const unlock = jobsDir ? await lockDataDir(jobsDir) : async () => {};
  try {
    return await start(o, jobsDir, onProblem, unlock);
  } catch (error) {
    await unlock();
    throw error;
  }
}

async function start(
  o: ResolvedSimulatorOptions,
  jobsDir: string | null,
  onProblem: (message: string) => void,
  unlock: () => Promise<void>,
): Promise<SimulatorHandle> {
  const { secret, problems: keyProblems } = await loadTokenSecret(o.dataDir);
  const store: JobStore = jobsDir ? new FileJobStore(jobsDir) : new MemoryJobStore();
  const report = await store.load();
  const problems = [...keyProblems, ...report.problems];

  const clock = new SimClock(o.speed);
  const devices = new DeviceRegistry(CATALOGUE, o.seed, clock);
  const engine = createEnginePort({
    size: o.engineWorkers ?? CATALOGUE.length,
    ...(o.engineWorkerUrl ? { workerUrl: o.engineWorkerUrl } : {}),
    ...(o.circuitThreads ? { circuitThreads: o.circuitThreads } : {}),
  });
  const jobs = new JobManager({
    variant: o.variant,
    store,
    devices,
    clock,
    engine,
    seed: o.seed,
    failureRate: o.failureRate,
    runTimeLimitSeconds: o.runTimeLimitSeconds,
    validationDelaySeconds: o.validationDelaySeconds,
    limits: o.engineLimits,
    sdkOnly: o.sdkOnly,
    onProblem,
  });
  await jobs.restore(report);

  const tokens = new TokenService({
    secret,
    accessTtlSeconds: o.tokenTtlSeconds,
    refreshTtlSeconds: o.refreshTtlSeconds,
  });
  const router = new Router([
    ...authRoutes(tokens, { user: o.user, apiKey: o.apiKey, audience: o.audience }),
    ...deviceRoutes(devices),
    ...jobRoutes(o.variant, jobs),
    executeRoute(o.variant, devices, jobs),
    ...capabilityRoutes(),
  ]);
  const listener = createRequestListener({
    basePath: o.basePath,
    router,
    tokens,
    maxBodyBytes: o.maxBodyBytes,
    onInternalError: (e) =>
      onProblem(`internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`),
  });

  const shutdownWork = async () => {
    await jobs.stop();
    await engine.close();
  };
  let server;
  try {
    server = await listen(listener, o.host, o.port);
  } catch (error) {
    await shutdownWork();
    throw error;
  }
  const running = server;
  let stopping: Promise<void> | undefined;
  return {
    url: `http://${o.host}:${running.port}${o.basePath}`,
    port: running.port,
    variant: o.variant,
    dataDir: store.location,
    problems,
    stop: () =>
      (stopping ??= (async () => {
        await running.close();
        await shutdownWork();
        await unlock();
      })()),
  };
}
