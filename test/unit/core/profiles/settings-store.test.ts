import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProfileError } from '../../../../src/core/profiles/errors';
import {
  SettingsStore,
  describeSettingsProblem,
} from '../../../../src/core/profiles/settings-store';
import { defaultConfigDir } from '../../../../src/core/profiles/config-dir';
import {
  deleteProfile,
  findProfile,
  upsertProfile,
  withSimulatorUrl,
} from '../../../../src/core/profiles/profiles';

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-settings-'));
  file = path.join(dir, 'settings.json');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const myProfile = {
  id: 'prod',
  name: 'Production',
  baseUrl: 'https://qjob.example.org/public-api/api/v1',
  variant: 'B' as const,
  user: 'alice',
  audience: 'qjob-prod',
  paths: { login: '/auth/tokens' },
  pollIntervalMs: 2000,
};

describe('SettingsStore', () => {
  it('starts from defaults with both built-in simulator profiles when there is no file', async () => {
    const { settings, problem } = await new SettingsStore({ file }).load();
    expect(problem).toBeNull();
    expect(settings.profiles.map((p) => [p.id, p.variant, p.builtin])).toEqual([
      ['simulator-a', 'A', 'simulator'],
      ['simulator-b', 'B', 'simulator'],
    ]);
    expect(settings.app.theme).toBe('system');
    expect(fs.existsSync(file)).toBe(false);
  });

  it('round-trips profiles and app settings, keeping unknown fields of newer versions', async () => {
    const store = new SettingsStore({ file });
    await store.update((s) => {
      const next = upsertProfile(s, myProfile);
      next.app = {
        ...next.app,
        theme: 'dark',
        lastProfile: 'prod',
        windowBounds: { x: 10, y: 20, width: 1200, height: 800 },
      };
      return next;
    });
    const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    raw.futureFeature = { keep: true };
    fs.writeFileSync(file, JSON.stringify(raw));

    const { settings } = await store.load();
    expect(findProfile(settings, 'prod')).toMatchObject(myProfile);
    expect(settings.app).toMatchObject({ theme: 'dark', lastProfile: 'prod' });
    await store.save(settings);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({
      futureFeature: { keep: true },
    });
  });

  it('writes atomically: no temporary files remain and the file is private', async () => {
    const store = new SettingsStore({ file });
    await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        store.update((s) => ({ ...s, app: { ...s.app, editorFontSize: 10 + n } })),
      ),
    );
    expect(fs.readdirSync(dir)).toEqual(['settings.json']);
    expect((await store.load()).settings.app.editorFontSize).toBe(15);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o077).toBe(0);
  });

  it('moves a file that is not JSON aside and reports it instead of resetting silently', async () => {
    fs.writeFileSync(file, '{"version": 1, "profiles": [');
    const store = new SettingsStore({ file, now: () => new Date('2026-11-22T11:25:28.000Z') });
    const { settings, problem } = await store.load();
    expect(problem).not.toBeNull();
    expect(problem?.movedTo).toBe(`${file}.corrupt-2026-11-22T11-25-28-000Z`);
    expect(fs.readFileSync(problem?.movedTo ?? '', 'utf8')).toBe('{"version": 1, "profiles": [');
    expect(fs.existsSync(file)).toBe(false);
    expect(describeSettingsProblem(problem!)).toMatch(/not valid JSON.*kept as/);
    expect(settings.profiles).toHaveLength(2);
  });

  it('moves a file that breaks the schema aside, naming the field', async () => {
    fs.writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        profiles: [{ id: 'x', name: 'X', variant: 'C', baseUrl: 'http://h' }],
      }),
    );
    const { problem } = await new SettingsStore({ file }).load();
    expect(problem?.reason).toMatch(/profiles\[0\]\.variant/);
    expect(fs.readdirSync(dir).some((f) => f.startsWith('settings.json.corrupt-'))).toBe(true);
  });

  it('refuses to save invalid settings', async () => {
    const store = new SettingsStore({ file });
    const { settings } = await store.load();
    const broken = {
      ...settings,
      profiles: [...settings.profiles, { ...myProfile, baseUrl: 'ftp://nope' }],
    };
    await expect(store.save(broken)).rejects.toBeInstanceOf(ProfileError);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('does not store the simulator URL of a built-in profile', async () => {
    const store = new SettingsStore({ file });
    await store.update((s) => ({
      ...s,
      profiles: s.profiles.map((p) => withSimulatorUrl(p, 'http://127.0.0.1:4567/api/v1')),
    }));
    expect(fs.readFileSync(file, 'utf8')).not.toContain('4567');
  });
});

describe('profile operations', () => {
  it('protects built-in profiles', async () => {
    const { settings } = await new SettingsStore({ file }).load();
    expect(() => deleteProfile(settings, 'simulator-a')).toThrow(/built in/);
    expect(() => upsertProfile(settings, { ...myProfile, id: 'simulator-b' })).toThrow(/built-in/);
  });

  it('validates a profile and names the bad field', async () => {
    const { settings } = await new SettingsStore({ file }).load();
    try {
      upsertProfile(settings, { ...myProfile, paths: { job: '/jobs/' } });
      expect.unreachable();
    } catch (error) {
      expect((error as ProfileError).issues[0]?.path).toBe('paths.job');
    }
  });

  it('clears lastProfile when that profile is deleted', async () => {
    const { settings } = await new SettingsStore({ file }).load();
    const withProd = upsertProfile(settings, myProfile);
    withProd.app.lastProfile = 'prod';
    expect(deleteProfile(withProd, 'prod').app.lastProfile).toBeNull();
  });
});

describe('defaultConfigDir', () => {
  it('prefers QJOB_CONFIG_DIR, then the OS convention', () => {
    expect(defaultConfigDir({ QJOB_CONFIG_DIR: '/tmp/q' }, 'linux', '/home/a')).toBe('/tmp/q');
    expect(defaultConfigDir({}, 'linux', '/home/a')).toBe('/home/a/.config/quantum-job-studio');
    expect(defaultConfigDir({ XDG_CONFIG_HOME: '/x' }, 'linux', '/home/a')).toBe(
      '/x/quantum-job-studio',
    );
    expect(defaultConfigDir({}, 'darwin', '/Users/a')).toBe(
      '/Users/a/Library/Application Support/quantum-job-studio',
    );
  });
});
