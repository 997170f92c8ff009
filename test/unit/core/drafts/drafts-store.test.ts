import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDraftsStore } from '../../../../src/core/drafts/drafts-store';
import { silentLogger } from '../../../../src/core/logging/logger';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'qjob-drafts-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('autosaved drafts', () => {
  it('come back as saved, the last of several quick saves winning', async () => {
    const dir = tmp();
    const store = createDraftsStore(dir, 'drafts.json', silentLogger);
    expect(await store.load()).toEqual([]);
    const tab = (text: string) => ({ id: 't1', title: 'Bell', text, path: null });
    await Promise.all([
      store.save([tab('one')]),
      store.save([tab('two')]),
      store.save([tab('three')]),
    ]);
    expect(await createDraftsStore(dir, 'drafts.json', silentLogger).load()).toEqual([
      tab('three'),
    ]);
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('move an unreadable file aside instead of losing it', async () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'drafts.json'), '{"version":1,"tabs":[{broken');
    expect(await createDraftsStore(dir, 'drafts.json', silentLogger).load()).toEqual([]);
    expect(readdirSync(dir).some((n) => n.startsWith('drafts.json.unreadable-'))).toBe(true);
  });

  it('keep the job name typed for a tab, and read files written before it was kept', async () => {
    const dir = tmp();
    const store = createDraftsStore(dir, 'drafts.json', silentLogger);
    const named = { id: 't1', title: 'Bell', text: 'x', path: null, jobName: 'run 1' };
    const unnamed = { id: 't2', title: 'GHZ', text: 'y', path: null };
    await store.save([named, unnamed]);
    expect(await createDraftsStore(dir, 'drafts.json', silentLogger).load()).toEqual([
      named,
      unnamed,
    ]);
  });
});
