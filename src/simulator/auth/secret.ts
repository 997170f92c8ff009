import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../node-kit/fs/atomic-write';
import { PRIVATE_DIR_MODE, tightenTree } from '../../node-kit/fs/private-files';

const FILE = 'token-secret';
const HEX_64 = /^[0-9a-f]{64}\s*$/;

/**
 * The key that signs tokens. Kept in the data folder so a client's saved tokens still work after
 * the simulator restarts; without a folder it lives only as long as the process. A damaged key
 * file is moved aside (and reported) rather than overwritten.
 */
export async function loadTokenSecret(
  dataDir: string | undefined,
): Promise<{ secret: Uint8Array; problems: string[] }> {
  if (dataDir === undefined) return { secret: randomBytes(32), problems: [] };
  // The folder may be one the person chose (`--data`): created owner-only, never changed.
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const path = join(dataDir, FILE);
  const problems = (await tightenTree(path)).map((p) => `could not make private: ${p}`);
  try {
    const text = await readFile(path, 'utf8');
    if (HEX_64.test(text)) return { secret: Buffer.from(text.trim(), 'hex'), problems };
    const aside = `${path}.corrupt-${Date.now()}`;
    await rename(path, aside);
    problems.push(`moved an unreadable token key to ${aside}; earlier tokens are no longer valid`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32);
  await writeFileAtomic(path, `${secret.toString('hex')}\n`);
  return { secret, problems };
}
