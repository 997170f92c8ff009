import { spawnSync } from 'node:child_process';
import {
  mkdir,
  mkdtemp,
  open,
  readFile,
  readdir,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  STALE_TEMP_MS,
  removeStaleTempFiles,
  writeFileAtomic,
} from '../../../../src/node-kit/fs/atomic-write';

let dir: string;
/** The prototype every FileHandle shares, so one failing call can be injected. */
let handleProto: { writeFile: unknown; sync: unknown };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qjob-atomic-'));
  const probe = await open(join(dir, 'probe'), 'w');
  handleProto = Object.getPrototypeOf(probe) as typeof handleProto;
  await probe.close();
  await rm(join(dir, 'probe'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

const ioError = (code: string) => Object.assign(new Error(`${code}: injected`), { code });

describe('writeFileAtomic', () => {
  it('replaces the file, creates missing folders, and leaves nothing else behind', async () => {
    const file = join(dir, 'nested', 'settings.json');
    await writeFileAtomic(file, 'one');
    await writeFileAtomic(file, new TextEncoder().encode('two'));
    expect(await readFile(file, 'utf8')).toBe('two');
    expect(await readdir(join(dir, 'nested'))).toEqual(['settings.json']);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('honours the mode asked for a new file', async () => {
    const file = join(dir, 'export.yaml');
    await writeFileAtomic(file, 'x', { mode: 0o644 });
    expect((await stat(file)).mode & 0o777).toBe(0o644 & ~process.umask());
  });

  it.each([
    ['the write fails (disk full)', 'writeFile', 'ENOSPC'],
    ['the fsync fails (I/O error)', 'sync', 'EIO'],
  ] as const)(
    'when %s: throws, keeps the old content, removes its temporary file',
    async (_, method, code) => {
      const file = join(dir, 'settings.json');
      await writeFile(file, 'old');
      vi.spyOn(
        handleProto as Record<typeof method, () => Promise<void>>,
        method,
      ).mockRejectedValueOnce(ioError(code));
      await expect(writeFileAtomic(file, 'new')).rejects.toMatchObject({ code });
      expect(await readFile(file, 'utf8')).toBe('old');
      expect(await readdir(dir)).toEqual(['settings.json']);
    },
  );

  it('when the rename fails: throws and removes its temporary file', async () => {
    // A non-empty folder where the file should go: rename cannot replace it.
    const target = join(dir, 'occupied');
    await writeFileAtomic(join(target, 'inside'), 'x');
    await expect(writeFileAtomic(target, 'new')).rejects.toThrow();
    expect((await readdir(dir)).sort()).toEqual(['occupied']);
  });
});

describe('removeStaleTempFiles', () => {
  it('removes only our temporary files, only old ones, never one whose writer still runs', async () => {
    // A process that has ended: its id names no running process (issue 28, item 18).
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    const old = (Date.now() - STALE_TEMP_MS - 60_000) / 1000;
    const files = {
      crashed: `.drafts.json.${gone}.0badc0de.tmp`,
      fresh: `.settings.json.${gone}.12345678.tmp`,
      running: `.drafts.json.${process.pid}.abcdef01.tmp`,
      notOurs: 'drafts.json.tmp',
      otherName: `.drafts.json.${gone}.xyz.tmp`,
      kept: 'drafts.json',
    };
    for (const [what, name] of Object.entries(files)) {
      await writeFile(join(dir, name), 'x'.repeat(1000));
      if (what !== 'fresh') await utimes(join(dir, name), old, old);
    }
    const folder = `.cache.${gone}.0badc0de.tmp`;
    await mkdir(join(dir, folder));
    await utimes(join(dir, folder), old, old);

    expect(await removeStaleTempFiles(dir)).toEqual([files.crashed]);
    expect((await readdir(dir)).sort()).toEqual(
      [files.fresh, files.running, files.notOurs, files.otherName, files.kept, folder].sort(),
    );
    expect(await removeStaleTempFiles(join(dir, 'missing'))).toEqual([]);
  });
});
