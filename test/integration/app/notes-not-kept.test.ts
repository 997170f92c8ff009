import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src/core/app/types';
import { callCore, openAppCore, outcomeOf } from '../../support/app-core';

/**
 * The app's side of issue 28, item 11: a tag or note that cannot be kept (the local job store
 * could not be opened here: its folder is a file) comes back as a storage error the job's panel
 * shows, never as a change that worked and is gone at the next start.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qjob-notes-not-kept-'));
let core: AppCore | null = null;
afterAll(async () => {
  await core?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('tags and notes the app cannot keep', () => {
  it('are refused with a storage error that says why', async () => {
    writeFileSync(path.join(dataDir, 'cache'), 'not a folder');
    core = await openAppCore(dataDir);
    const jobs = await callCore(core, 'jobs.list', { cachedOnly: true });
    expect(jobs.cache?.persistent).toBe(false);

    for (const outcome of [
      await outcomeOf(core, 'annotations.changeTags', { id: 5, add: ['lost1'] }),
      await outcomeOf(core, 'annotations.setNote', { id: 5, note: 'lost' }),
    ]) {
      expect(outcome.ok).toBe(false);
      if (outcome.ok) continue;
      expect(outcome.error.code).toBe('storage');
      expect(outcome.error.message).toMatch(
        /^Nothing was changed: tags and notes are kept only in the local job store, and it is not open\. The local job store \(.*jobs-web\.sqlite\) could not be opened: /,
      );
    }
    expect(await callCore(core, 'annotations.get', { id: 5 })).toMatchObject({
      tags: [],
      note: '',
    });
  });
});
