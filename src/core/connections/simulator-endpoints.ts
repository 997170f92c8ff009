import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../node-kit/fs/atomic-write';
import { processIsAlive } from '../../node-kit/process/alive';
import { VARIANT_IDS } from '../../shared/variants/declaration';
import type { VariantId } from '../../shared/variants/declaration';

/**
 * Who runs a built-in simulator: the desktop app, browser mode, or `qjob` for one command. Each
 * keeps its jobs in a folder of its own (`<data>/simulator/<owner>/<variant>`): their job ids
 * would collide.
 */
const SIMULATOR_OWNERS = ['electron', 'web', 'cli'] as const;
export type SimulatorOwner = (typeof SIMULATOR_OWNERS)[number];

/** For messages: "the desktop app's simulator". */
export const OWNER_NAMES: Record<SimulatorOwner, string> = {
  electron: 'the desktop app',
  web: 'browser mode',
  cli: 'another qjob command',
};

const FORMAT = 'quantum-job-studio/embedded-simulator';

const endpointSchema = z.strictObject({
  format: z.literal(FORMAT),
  version: z.literal(1),
  owner: z.enum(SIMULATOR_OWNERS),
  variant: z.enum(VARIANT_IDS),
  pid: z.number().int().positive(),
  /** Loopback only: a file that points anywhere else is not ours to follow. */
  url: z
    .string()
    .max(200)
    .regex(/^http:\/\/127\.0\.0\.1:\d{1,5}\/\S*$/),
  user: z.string().min(1).max(200),
  apiKey: z.string().min(1).max(200),
  startedAt: z.string().max(40),
});

/** A running built-in simulator, as its owner published it. */
export type SimulatorEndpoint = z.infer<typeof endpointSchema>;

/** The folder a built-in simulator of `owner` keeps its jobs in (EmbeddedSimulators' `dir`). */
export function simulatorFolder(dataDir: string, owner: SimulatorOwner): string {
  return path.join(dataDir, 'simulator', owner);
}

/** Where a running simulator's endpoint is published, beside its jobs. */
function endpointFile(simulatorDir: string, variant: VariantId): string {
  return path.join(simulatorDir, variant.toLowerCase(), 'endpoint.json');
}

/**
 * Publishes a running simulator's address and its per-launch key, so that `qjob` reaches the
 * simulator the app runs instead of starting another. The file is written atomically and
 * owner-only, in the owner-only data folder: it tells the key to programs of the same user
 * alone, who can read the app's jobs and logins anyway; other users on the machine can reach
 * the port but not the key.
 */
export async function publishEndpoint(
  simulatorDir: string,
  endpoint: Omit<SimulatorEndpoint, 'format' | 'version'>,
): Promise<void> {
  const record: SimulatorEndpoint = { format: FORMAT, version: 1, ...endpoint };
  await writeFileAtomic(
    endpointFile(simulatorDir, endpoint.variant),
    `${JSON.stringify(record, null, 2)}\n`,
    { mode: 0o600 },
  );
}

/** Takes the published endpoint back when the simulator stops, unless another process wrote it since. */
export async function withdrawEndpoint(
  simulatorDir: string,
  variant: VariantId,
  pid: number = process.pid,
): Promise<void> {
  const file = endpointFile(simulatorDir, variant);
  const found = await readEndpoint(file);
  if (found && found.pid !== pid) return;
  await rm(file, { force: true });
}

async function readEndpoint(file: string): Promise<SimulatorEndpoint | null> {
  try {
    const parsed = endpointSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The built-in simulator of `variant` that runs on this machine for this data folder: the
 * desktop app's, else browser mode's, else one a running `qjob` command started. A file left by
 * a process that is gone (a crash) is ignored.
 */
export async function findRunningSimulator(
  dataDir: string,
  variant: VariantId,
  owners: readonly SimulatorOwner[] = SIMULATOR_OWNERS,
): Promise<SimulatorEndpoint | null> {
  for (const owner of owners) {
    const found = await readEndpoint(endpointFile(simulatorFolder(dataDir, owner), variant));
    if (found && found.owner === owner && found.variant === variant && processIsAlive(found.pid))
      return found;
  }
  return null;
}
