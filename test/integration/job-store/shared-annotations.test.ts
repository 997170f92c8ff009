import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AnnotationsNotKeptError } from '../../../src/core/annotations/types';
import { jobCacheFile, loadSqlite, openJobCache } from '../../../src/core/job-store';
import type { Logger } from '../../../src/core/logging/logger';
import { REPO_ROOT } from '../../support/cli-runner';

/**
 * One store of tags, notes and submissions for the desktop app, browser mode and qjob on the
 * same computer (issue 25: a tag given with qjob never reached browser mode, which kept its own
 * file). Real SQLite files in a data folder made here; the concurrent writers are two processes.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-shared-annotations-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const SERVICE = 'lab:B:http://service/api/v1';
/** The shared file (src/core/job-store/shared-annotations.ts), beside the shells' job stores. */
const annotationStoreFile = (cacheDir: string) => path.join(cacheDir, 'annotations.sqlite');
const SIMULATOR = 'simulator-b:B';

function logger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    warnings,
    debug: () => undefined,
    info: () => undefined,
    warn: (m: string) => warnings.push(m),
    error: (m: string) => warnings.push(m),
  };
}

describe('the annotation store every shell shares', () => {
  it("a service job's tags and notes show in every shell; a built-in simulator's stay with their simulator", async () => {
    const data = fs.mkdtempSync(path.join(root, 'data-'));
    const desktop = await openJobCache(jobCacheFile(data, 'electron'), logger(), 'electron');
    // Owner-only from the start, like every file of the data folder (and so its -wal and -shm).
    const shared = annotationStoreFile(path.join(data, 'cache'));
    for (const file of [shared, `${shared}-wal`])
      expect(fs.statSync(file).mode & 0o077, file).toBe(0);
    const web = await openJobCache(jobCacheFile(data, 'web'), logger(), 'web');
    try {
      desktop.annotations.changeTags(SERVICE, 7, { add: ['calib'] });
      desktop.annotations.setNote(SERVICE, 7, 'drifted overnight', '2026-11-30T10:00:00Z');
      expect(web.annotations.annotations(SERVICE, 7)).toMatchObject({
        tags: ['calib'],
        note: 'drifted overnight',
      });
      // Job 1 of the desktop app's simulator is not job 1 of browser mode's.
      web.annotations.changeTags(SIMULATOR, 1, { add: ['web-only'] });
      expect(desktop.annotations.annotations(SIMULATOR, 1).tags).toEqual([]);
      expect(web.annotations.tagIndex(SIMULATOR)).toEqual(new Map([[1, ['web-only']]]));
      // The notes the job search reads (issue 25), scoped the same way.
      web.annotations.setNote(SIMULATOR, 1, 'web note', '2026-11-30T10:00:00Z');
      expect(web.annotations.noteIndex(SIMULATOR)).toEqual(new Map([[1, 'web note']]));
      expect(desktop.annotations.noteIndex(SIMULATOR)).toEqual(new Map());
      expect(desktop.annotations.noteIndex(SERVICE)).toEqual(new Map([[7, 'drifted overnight']]));
    } finally {
      desktop.close();
      web.close();
    }
  });

  it("takes in what a shell's own store held before, once, with its simulator keys scoped", async () => {
    const data = fs.mkdtempSync(path.join(root, 'data-'));
    // A store written by the previous version: annotations in the shell's own file.
    const before = await openJobCache(jobCacheFile(data, 'web'), logger());
    before.annotations.changeTags(SERVICE, 3, { add: ['old'] });
    before.annotations.changeTags(SIMULATOR, 3, { add: ['sim-old'] });
    before.annotations.recordSubmission(SIMULATOR, {
      jobId: 3,
      payloadText: '# title: kept\ntype: sampling\n',
      deviceCode: 'sim.statevector',
      device: null,
      deviceSeenAt: null,
      origin: null,
      submittedAt: '2026-11-30T09:00:00Z',
    });
    before.close();

    const web = await openJobCache(jobCacheFile(data, 'web'), logger(), 'web');
    const desktop = await openJobCache(jobCacheFile(data, 'electron'), logger(), 'electron');
    try {
      expect(web.annotations.annotations(SERVICE, 3).tags).toEqual(['old']);
      expect(web.annotations.annotations(SIMULATOR, 3).tags).toEqual(['sim-old']);
      expect(web.annotations.submission(SIMULATOR, 3)?.payloadText).toBe(
        '# title: kept\ntype: sampling\n',
      );
      expect(desktop.annotations.annotations(SERVICE, 3).tags).toEqual(['old']);
      expect(desktop.annotations.annotations(SIMULATOR, 3).tags).toEqual([]);
      // Removed after the import: not brought back by the next opening.
      web.annotations.changeTags(SERVICE, 3, { remove: ['old'] });
    } finally {
      web.close();
      desktop.close();
    }
    const again = await openJobCache(jobCacheFile(data, 'web'), logger(), 'web');
    expect(again.annotations.annotations(SERVICE, 3).tags).toEqual([]);
    again.close();
    const Sqlite = await loadSqlite();
    const shared = new Sqlite(annotationStoreFile(path.join(data, 'cache')), { readonly: true });
    const keys = shared.prepare('SELECT DISTINCT profile FROM job_tags ORDER BY 1').pluck().all();
    shared.close();
    expect(keys).toEqual(['simulator-b:B@web']);
  });

  it('two processes writing at once lose nothing', async () => {
    const data = fs.mkdtempSync(path.join(root, 'data-'));
    const cacheDir = path.join(data, 'cache');
    fs.mkdirSync(cacheDir, { recursive: true });
    const child = (shell: string, from: number) =>
      new Promise<{ written: number; warnings: string[] }>((resolve, reject) => {
        const p = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            path.join(REPO_ROOT, 'test/integration/job-store/annotate-child.ts'),
            cacheDir,
            shell,
            String(from),
            '150',
          ],
          { cwd: REPO_ROOT },
        );
        let out = '';
        let err = '';
        p.stdout.on('data', (d: Buffer) => (out += d.toString()));
        p.stderr.on('data', (d: Buffer) => (err += d.toString()));
        p.on('error', reject);
        p.on('close', (code) =>
          code === 0
            ? resolve(JSON.parse(out) as { written: number; warnings: string[] })
            : reject(new Error(`child exited ${code}: ${err}`)),
        );
      });
    const [a, b] = await Promise.all([child('electron', 0), child('web', 100)]);
    expect(a).toEqual({ written: 150, warnings: [] });
    expect(b).toEqual({ written: 150, warnings: [] });
    const cache = await openJobCache(jobCacheFile(data, 'cli'), logger(), 'cli');
    try {
      const index = cache.annotations.tagIndex(SERVICE);
      // Jobs 100..149 were tagged by both; every write of both is there.
      expect(index.size).toBe(250);
      expect(index.get(120)).toEqual(['from-electron', 'from-web']);
      expect(cache.annotations.annotations(SERVICE, 249).note).toBe('note of 249');
    } finally {
      cache.close();
    }
  });

  it('a write it cannot make is an error naming it, and nothing is changed (issue 28, item 11)', async () => {
    const data = fs.mkdtempSync(path.join(root, 'data-'));
    const cache = await openJobCache(jobCacheFile(data, 'cli'), logger(), 'cli');
    const file = annotationStoreFile(path.join(data, 'cache'));
    const Sqlite = await loadSqlite();
    // Another process holding the file's write lock past the 5 s a writer waits.
    const other = new Sqlite(file);
    try {
      cache.annotations.changeTags(SERVICE, 4, { add: ['kept1'] });
      other.exec('BEGIN EXCLUSIVE');
      expect(() => cache.annotations.changeTags(SERVICE, 4, { add: ['lost1'] })).toThrow(
        AnnotationsNotKeptError,
      );
      expect(() => cache.annotations.setNote(SERVICE, 4, 'lost', '2026-12-01T00:00:00Z')).toThrow(
        `Nothing was changed: the note of job 4 could not be saved in the shared store of tags and notes (${file}): `,
      );
      other.exec('ROLLBACK');
      expect(cache.annotations.annotations(SERVICE, 4)).toMatchObject({
        tags: ['kept1'],
        note: '',
      });
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
      cache.close();
    }
  }, 30_000);
});
