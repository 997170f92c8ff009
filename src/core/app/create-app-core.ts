import path from 'node:path';
import { MemorySecretStore } from '../auth/memory-secret-store';
import type { SecretStore } from '../auth/secret-store';
import { CLIENT_VERSION, DEFAULT_USER_AGENT } from '../client/user-agent';
import { batchStoreFile, openBatchStore } from '../batches/open-batch-store';
import { jobCacheFile, openJobCache, profileCacheKey } from '../job-store';
import { silentLogger } from '../logging/logger';
import { removeStaleTempFiles } from '../../node-kit/fs/atomic-write';
import { settingsFilePath } from '../profiles/config-dir';
import { SettingsStore, describeSettingsProblem } from '../profiles/settings-store';
import { ConnectionManager } from './connection-manager';
import type { HandlerTable } from './dispatch';
import { createDraftsStore } from '../drafts/drafts-store';
import { EmbeddedSimulators } from '../connections/embedded-simulators';
import { simulatorFolder } from '../connections/simulator-endpoints';
import { createEventHub } from './event-hub';
import { appHandlers } from './handlers/app';
import { connectionHandlers } from './handlers/connection';
import { devicesHandlers } from './handlers/devices';
import { diagnosticsHandlers } from './handlers/diagnostics';
import { draftsHandlers } from './handlers/drafts';
import { filesHandlers } from './handlers/files';
import { jobsHandlers } from './handlers/jobs';
import { profileHandlers } from './handlers/profiles';
import { sessionHandlers } from './handlers/session';
import { settingsHandlers } from './handlers/settings';
import { templatesHandlers } from './handlers/templates';
import { estimatesHandlers } from './handlers/estimates';
import { deviceHistoryHandlers, recordDeviceHistory } from './handlers/device-history';
import { driftHandlers } from './handlers/drift';
import { DriftService } from '../drift';
import { EstimatesService, openDeviceHistory } from '../history';
import { batchHandlers } from './handlers/batches';
import { annotationsHandlers } from './handlers/annotations';
import { bundlesHandlers } from './handlers/bundles';
import { securePrivateData } from '../files/private-data';
import type { AppCore, AppCoreOptions } from './types';

const DEFAULT_DEVICE_REFRESH_MS = 15_000;

/**
 * The contract implemented once, for every transport: the desktop app's IPC, browser mode's
 * WebSocket, and direct calls in tests. Resolves once the first profile is active (on a first
 * start the embedded Variant A simulator with the demo user logged in), or has failed to be:
 * a failure is reported through the session state, never by refusing to start.
 */
export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  const log = options.logger ?? silentLogger;
  // Before anything is read or written: an earlier version left its files readable by others.
  const loose = await securePrivateData(options.dataDir).catch((error: unknown) => [String(error)]);
  if (loose.length) log.warn('some of the app’s files could not be made private', { loose });
  // What writes a crash interrupted left (a large draft save's temporary file): only ours, old.
  const strays = await removeStaleTempFiles(options.dataDir);
  if (strays.length) log.info('removed files of interrupted writes', { files: strays });
  const events = createEventHub((error) => log.error('an event listener failed', { error }));
  const settings = new SettingsStore({ file: settingsFilePath(options.dataDir) });
  const store = await openSecretStore(options, log);
  const simulators = new EmbeddedSimulators({
    // Per shell: the desktop app and browser mode may run at once, each with its own simulator.
    dir: simulatorFolder(options.dataDir, options.shell),
    owner: options.shell,
    ...(options.simulator?.speed !== undefined ? { speed: options.simulator.speed } : {}),
    ...(options.simulator?.seed !== undefined ? { seed: options.simulator.seed } : {}),
    log,
  });
  // The local job store (issue 6): SQLite, or memory with a reason when the binding will not load.
  const cache = await openJobCache(
    jobCacheFile(options.dataDir, options.shell),
    log,
    options.shell,
  );
  // Estimates of when jobs end (issue 14), from the job store: also say which jobs look stuck.
  const estimates = new EstimatesService(cache);
  const connections = new ConnectionManager({
    settings,
    simulators,
    store,
    fetch: options.fetch,
    events,
    log,
    deviceRefreshMs: options.deviceRefreshMs ?? DEFAULT_DEVICE_REFRESH_MS,
    userAgent: options.appVersion
      ? DEFAULT_USER_AGENT.replace(`/${CLIENT_VERSION}`, `/${options.appVersion}`)
      : DEFAULT_USER_AGENT,
    notify: options.notify,
    stuckJobs: (profile) => estimates.stuckJobs(profileCacheKey(profile)),
    // A job watched from here (one just submitted, say) is kept with the record the watcher
    // saw, so the monitor still has it when the service goes away.
    onJobSeen: (profile, record, at) => {
      try {
        cache.upsertRecords(profileCacheKey(profile), [record], at, 'watch');
      } catch (error) {
        log.warn('a watched job could not be kept in the local job store', { error });
      }
    },
  });
  // Sweeps sent as local batches (docs/sweeps.md), kept beside the job store.
  const batchStore = await openBatchStore(batchStoreFile(options.dataDir, options.shell), log);
  const batches = batchHandlers({ connections, cache, store: batchStore, events, log });
  const drafts = createDraftsStore(
    options.dataDir,
    options.shell === 'web' ? 'drafts-web.json' : 'drafts.json',
    log,
  );

  // The device history (issue 14), beside the job store.
  const history = openDeviceHistory(cache, (message) => log.warn(message));
  const app = {
    name: options.appName ?? 'Quantum Job Studio',
    version: options.appVersion ?? CLIENT_VERSION,
    shell: options.shell,
  };
  // One file per namespace of the contract (./handlers/<namespace>.ts).
  const handlers: HandlerTable = {
    ...appHandlers(options, options.appVersion ?? CLIENT_VERSION),
    ...profileHandlers({ settings, connections, fetch: options.fetch }),
    ...settingsHandlers(settings),
    ...sessionHandlers(connections),
    ...connectionHandlers(connections),
    ...devicesHandlers(connections),
    ...jobsHandlers({
      connections,
      cache,
      log,
      onSubmitted: recordDeviceHistory({ connections, history, events, log }),
    }),
    ...diagnosticsHandlers({ connections, cache, app }),
    ...templatesHandlers(path.join(options.resourcesDir, 'templates')),
    ...filesHandlers(options.dialogs),
    ...draftsHandlers(drafts),
    ...estimatesHandlers({ connections, estimates }),
    ...deviceHistoryHandlers({ connections, history }),
    ...driftHandlers({ connections, drift: new DriftService(cache) }),
    ...batches.handlers,
    ...annotationsHandlers({ connections, cache }),
    ...bundlesHandlers({ connections, cache, app }),
  };

  const loaded = await settings.load().catch((error: unknown) => {
    log.error('settings unreadable', { error });
    return null;
  });
  if (loaded?.problem) log.warn(describeSettingsProblem(loaded.problem));
  await connections.startInitial(options.initialProfileId);

  let disposed: Promise<void> | null = null;
  return {
    handlers,
    events,
    logger: log,
    settings,
    dispose: () =>
      (disposed ??= (async () => {
        await batches.stop();
        await connections.dispose();
        await simulators.stopAll();
        cache.close();
        batchStore.close();
      })()),
  };
}

async function openSecretStore(
  options: AppCoreOptions,
  log: AppCore['logger'],
): Promise<SecretStore> {
  try {
    return await options.secretStoreFactory();
  } catch (error) {
    log.warn('no secret store; logins are kept in memory only', { error });
    return new MemorySecretStore();
  }
}
