import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../node-kit/fs/atomic-write';
import { describeStorageFailure } from '../../node-kit/fs/storage-failure';
import type { Logger } from '../logging/logger';
import { APP_ERROR_CODES, AppError } from '../errors/app-error';

const draftSchema = z.strictObject({
  id: z.string().max(100),
  title: z.string().max(300),
  text: z.string(),
  path: z.string().max(4096).nullable(),
  /** The job name typed for the tab (absent in files written before it was kept). */
  jobName: z.string().max(200).optional(),
  /** The tab had no unsaved changes when it was kept (absent in older files: not known). */
  clean: z.boolean().optional(),
  /** The tab in front when it was kept. */
  active: z.boolean().optional(),
});
export type Draft = z.infer<typeof draftSchema>;

const fileSchema = z.strictObject({
  version: z.literal(1),
  savedAt: z.string(),
  tabs: z.array(draftSchema),
});

export interface DraftsStore {
  load(): Promise<Draft[]>;
  save(tabs: Draft[]): Promise<void>;
}

/**
 * The editor's open tabs, autosaved so a crash loses nothing. Writes are atomic (old or new file,
 * never half of one) and serialised, so a slow disk cannot reorder two autosaves. A file that does
 * not parse is moved aside (kept for support) rather than silently dropped or overwritten.
 */
export function createDraftsStore(dataDir: string, fileName: string, log: Logger): DraftsStore {
  const file = path.join(dataDir, fileName);
  let chain: Promise<void> = Promise.resolve();
  /**
   * The load under way: loads asked for meanwhile share it. Drafts hold up to 48 MB, and each
   * load reads and parses the whole file: thirty at once (a page, or a hostile one, asking again
   * and again) would hold thirty copies. A save starts the next load afresh.
   */
  let loading: Promise<Draft[]> | null = null;
  const read = async (): Promise<Draft[]> => {
    await chain;
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch {
      return [];
    }
    try {
      return fileSchema.parse(JSON.parse(text)).tabs;
    } catch (error) {
      const aside = `${file}.unreadable-${Date.now()}`;
      await fs.rename(file, aside).catch(() => undefined);
      log.warn('drafts file unreadable; moved aside', { file: aside, error });
      return [];
    }
  };
  return {
    load() {
      if (!loading) {
        const current = read().finally(() => {
          if (loading === current) loading = null;
        });
        loading = current;
      }
      return loading;
    },
    save(tabs) {
      loading = null;
      const data = JSON.stringify({ version: 1, savedAt: new Date().toISOString(), tabs });
      const next = chain.then(() =>
        writeFileAtomic(file, data).catch((error: unknown) => {
          // The previous drafts file is intact (the write is atomic) and the tabs are still open.
          throw new AppError(
            APP_ERROR_CODES.storage,
            `The open tabs could not be saved as drafts (${describeStorageFailure(error)}). They are still open in the editor; they are saved again at the next change.`,
            { cause: error },
          );
        }),
      );
      chain = next.catch(() => undefined);
      return next;
    },
  };
}
