import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  OWNER_NAMES,
  findRunningSimulator,
  publishEndpoint,
  simulatorFolder,
  withdrawEndpoint,
} from '../core/connections/simulator-endpoints';
import type { SimulatorOwner } from '../core/connections/simulator-endpoints';
import { ensurePrivateDir } from '../node-kit/fs/private-files';
import { DataDirInUseError, startSimulator } from '../simulator';
import type { SimulatorHandle } from '../simulator';
import { SIMULATOR_CREDENTIALS } from '../simulator/auth/default-credentials';
import type { VariantId } from '../shared/variants';
import { onCommandEnd } from './command-end';
import type { CliIo } from './io';
import { oneLine } from './output/terminal-text';

/** A built-in simulator qjob reaches: where, whose, and the login it takes. */
export interface BuiltinSimulator {
  url: string;
  owner: SimulatorOwner;
  /** For the connection's label: "the desktop app's simulator". */
  description: string;
  credentials: { user: string; apiKey: string };
}

/** Simulators this process started; stopped by `stopOwnSimulators` when the command ends. */
const own: { handle: SimulatorHandle; dir: string }[] = [];

/**
 * The simulator behind a built-in profile (simulator-a, simulator-b). It has no address of its
 * own: it runs inside the app. qjob reaches the one the desktop app, browser mode or another
 * qjob command runs, where it published itself (core/connections/simulator-endpoints.ts); when none
 * runs, it starts one for this command, as the app does at launch, with its jobs kept in
 * `<data>/simulator/cli/<variant>` (they survive; a job that had not ended goes on the next time
 * a simulator runs there) and stopped when the command ends.
 */
export async function reachBuiltinSimulator(
  configDir: string,
  variant: VariantId,
  io: Pick<CliIo, 'stderr'>,
): Promise<BuiltinSimulator> {
  for (let attempt = 0; ; attempt++) {
    const running = await findRunningSimulator(configDir, variant);
    if (running) {
      return {
        url: running.url,
        owner: running.owner,
        description: `${OWNER_NAMES[running.owner]}'s simulator`,
        credentials: { user: running.user, apiKey: running.apiKey },
      };
    }
    try {
      return await startOwn(configDir, variant, io);
    } catch (error) {
      // Another qjob command started one in the same moment: use that one.
      if (error instanceof DataDirInUseError && attempt === 0) continue;
      throw error;
    }
  }
}

async function startOwn(
  configDir: string,
  variant: VariantId,
  io: Pick<CliIo, 'stderr'>,
): Promise<BuiltinSimulator> {
  const dir = simulatorFolder(configDir, 'cli');
  await ensurePrivateDir(path.join(dir, variant.toLowerCase()), configDir);
  const credentials = {
    user: SIMULATOR_CREDENTIALS.user,
    apiKey: randomBytes(32).toString('base64url'),
  };
  const warn = (m: string) => io.stderr(`warning: simulator: ${oneLine(m)}\n`);
  const handle = await startSimulator({
    variant,
    dataDir: path.join(dir, variant.toLowerCase()),
    ...credentials,
    onProblem: warn,
  });
  if (own.length === 0) onCommandEnd(stopOwnSimulators);
  own.push({ handle, dir });
  for (const problem of handle.problems) warn(problem);
  // Another qjob command started meanwhile (a `qjob wait` in a second terminal) uses this one.
  await publishEndpoint(dir, {
    owner: 'cli',
    variant,
    pid: process.pid,
    url: handle.url,
    ...credentials,
    startedAt: new Date().toISOString(),
  }).catch(() => undefined);
  io.stderr(
    `qjob: no app is running the Variant ${variant} simulator, so this command runs one of its own until it ends (its jobs are kept in ${handle.dataDir ?? dir}). To use the app's simulator and see its jobs, start the app (npm start) first.\n`,
  );
  return {
    url: handle.url,
    owner: 'cli',
    description: "qjob's own simulator",
    credentials,
  };
}

/** Stops the simulators this process started (their jobs stay for the next start). */
export async function stopOwnSimulators(): Promise<void> {
  const all = own.splice(0);
  await Promise.all(
    all.map(async ({ handle, dir }) => {
      await withdrawEndpoint(dir, handle.variant).catch(() => undefined);
      await handle.stop();
    }),
  );
}
