import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../node-kit/fs/atomic-write';
import type { ServiceClient } from '../core/client/types';
import type { Device } from '../shared/variants';

/**
 * Device codes by device id, per connection, kept between runs. Job records name their device
 * by an integer id; people know devices by code. The list is fetched again only when a job
 * names an id the kept list does not know (ids of existing devices do not change), so
 * `qjob jobs` costs one request, not two.
 */

const FILE_VERSION = 1;
const fileSchema = z.looseObject({
  version: z.literal(FILE_VERSION),
  connections: z.record(
    z.string(),
    z.strictObject({
      fetchedAt: z.string(),
      codes: z.record(z.string().regex(/^\d+$/), z.string()),
    }),
  ),
});
type CodesFile = z.infer<typeof fileSchema>;

function deviceCodesFile(configDir: string): string {
  return path.join(configDir, 'cache', 'device-codes.json');
}

async function readFile(file: string): Promise<CodesFile> {
  try {
    const parsed = fileSchema.safeParse(JSON.parse(await fs.readFile(file, 'utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    /* missing or unreadable: a cache, started again */
  }
  return { version: FILE_VERSION, connections: {} };
}

/** Keeps the codes of a device list just fetched (any command that lists devices calls this). */
export async function rememberDevices(
  configDir: string,
  connectionKey: string,
  devices: readonly Device[],
): Promise<Map<number, string>> {
  const codes = new Map<number, string>();
  for (const d of devices) if (d.id !== undefined) codes.set(d.id, d.code);
  const file = deviceCodesFile(configDir);
  const kept = await readFile(file);
  kept.connections[connectionKey] = {
    fetchedAt: new Date().toISOString(),
    codes: Object.fromEntries([...codes].map(([id, code]) => [String(id), code])),
  };
  // A cache that cannot be written costs a request next time, nothing more.
  await writeFileAtomic(file, JSON.stringify(kept, null, 2) + '\n').catch(() => undefined);
  return codes;
}

/**
 * The code of each of `ids` that can be known: from the kept list, else from a fresh device
 * list (kept for next time). An id no list knows, or a list that cannot be fetched, leaves
 * that id out; callers show the id instead.
 */
export async function deviceCodes(
  configDir: string,
  connectionKey: string,
  client: ServiceClient,
  ids: Iterable<number>,
  signal?: AbortSignal,
): Promise<Map<number, string>> {
  const kept = (await readFile(deviceCodesFile(configDir))).connections[connectionKey];
  const codes = new Map<number, string>(
    Object.entries(kept?.codes ?? {}).map(([id, code]) => [Number(id), code]),
  );
  if (kept && [...ids].every((id) => codes.has(id))) return codes;
  try {
    const devices = await client.listDevices(signal ? { signal } : {});
    return await rememberDevices(configDir, connectionKey, devices);
  } catch {
    return codes;
  }
}
