import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settingsHandlers } from '../../../../src/core/app/handlers/settings';
import { SettingsStore } from '../../../../src/core/profiles/settings-store';
import type { MonitorView } from '../../../../src/shared/ipc/settings-schemas';

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-ui-settings-'));
  file = path.join(dir, 'settings.json');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const VIEW: MonitorView = {
  profileId: 'simulator-b',
  filters: {
    statuses: ['completed'],
    deviceIds: [1],
    jobTypes: [],
    from: '2026-11-01',
    to: '',
    query: 'keep',
    tags: ['calib'],
  },
  sort: { key: 'name', dir: 'asc' },
  selectedId: 3,
  openId: 2,
  tab: 'logs',
};

describe('what the UI keeps between runs (issue 25: browser mode forgot it at each launch)', () => {
  it('is kept in the settings file, beside the profiles, and read back by another run', async () => {
    const first = settingsHandlers(new SettingsStore({ file }));
    expect(await first['settings.get']({})).toEqual({ theme: 'system', monitorView: null });
    await first['settings.update']({ theme: 'dark' });
    await first['settings.update']({ monitorView: VIEW });

    const onDisk = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(onDisk.app.theme).toBe('dark');
    expect(onDisk.app.monitorView).toEqual(VIEW);
    expect(onDisk.profiles.map((p: { id: string }) => p.id)).toEqual([
      'simulator-a',
      'simulator-b',
    ]);

    const next = settingsHandlers(new SettingsStore({ file }));
    expect(await next['settings.get']({})).toEqual({ theme: 'dark', monitorView: VIEW });
  });

  it('drops a kept view that no longer fits, and nothing else of the file', async () => {
    const store = new SettingsStore({ file });
    await settingsHandlers(store)['settings.update']({ theme: 'light', monitorView: VIEW });
    const onDisk = JSON.parse(fs.readFileSync(file, 'utf8'));
    onDisk.app.monitorView.sort.key = 'colour';
    fs.writeFileSync(file, JSON.stringify(onDisk));

    expect(await settingsHandlers(store)['settings.get']({})).toEqual({
      theme: 'light',
      monitorView: null,
    });
    // The file was not set aside as unreadable: the profiles and the theme are still in it.
    expect(fs.readdirSync(dir)).toEqual(['settings.json']);
  });
});
