import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIR_MODE, ensurePrivateDir, tightenTree } from '../../node-kit/fs/private-files';
import { defaultConfigDir } from '../profiles/config-dir';

/**
 * What the app writes at the top of a data folder (and what it moves aside beside them, such as
 * `drafts.json.unreadable-<time>`): settings, drafts, logins, its log, the local job store and
 * the embedded simulators' jobs. Nothing else in the folder is touched: `--data` may name a
 * folder that holds other things too.
 */
const APP_ENTRY =
  /^(?:settings\.json|drafts(?:-web)?\.json|credentials\.json|secrets\.encrypted\.json)(?:\.|$)|^(?:cache|logs|simulator)$/;

/**
 * Makes the app's data its user's alone at start, including what an earlier version wrote with
 * looser permissions. The folder itself is made owner-only when it is the app's own (the shared
 * config folder), never when it is one the person chose with `--data` (which may be any folder);
 * the app's entries in it are, either way. Resolves with what could not be changed, for the log.
 */
export async function securePrivateData(dataDir: string): Promise<string[]> {
  const dir = path.resolve(dataDir);
  if (dir === defaultConfigDir()) await ensurePrivateDir(dir);
  else await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const problems: string[] = [];
  for (const name of await readdir(dir)) {
    if (!APP_ENTRY.test(name)) continue;
    for (const problem of await tightenTree(path.join(dir, name))) problems.push(problem);
  }
  return problems;
}
