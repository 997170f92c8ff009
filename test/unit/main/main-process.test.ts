import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CALL_NAMES } from '../../../src/shared/ipc/contract';
import { CONTENT_SECURITY_POLICY } from '../../../src/shared/ipc/content-security-policy';
import { callChannel, eventChannel } from '../../../src/shared/ipc/names';
import { REPO_ROOT } from '../../support/cli-runner';

/**
 * The desktop app's main process as it starts, run under a stand-in of the `electron` module
 * that records what it is asked to do (test/support/electron-stand-in.ts; Electron's binary
 * cannot run here): `src/main/index.ts` imported as Electron would load it, with the real app
 * core, a fresh data folder and the embedded simulator. Then its wiring is checked from
 * outside: the window's webPreferences, the CSP header, navigation and new windows, the
 * permission handler, IPC arguments and senders, the app protocol, dialogs, notifications, the
 * menu and quitting. The decisions themselves are unit-tested in security.test.ts; this file
 * checks that the running process applies them.
 */
vi.mock('electron', async () => import('../../support/electron-stand-in'));
const electron = await import('../../support/electron-stand-in');
const { standIn } = electron;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-main-'));
const APP_URL = 'app://qjob/index.html';

type Outcome =
  { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };
const invoke = (name: string, input: unknown = {}) =>
  electron.ipcRenderer.invoke(callChannel(name), input) as Promise<Outcome>;

/** Waits for a condition the process reaches by itself (start-up, a job's end). */
async function until<T>(what: string, probe: () => T | undefined | null | false, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const window = () => electron.BrowserWindow.all[0]!;

beforeAll(async () => {
  process.env.QJOB_CONFIG_DIR = dataDir;
  // No keychain: the process falls back (safeStorage is unavailable in the stand-in) to memory.
  process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/qjob-test-bus';
  await import('../../../src/main/index');
  await until('the window to load', () => standIn.calls('window.loadURL').length > 0);
}, 60_000);

afterAll(async () => {
  // Quitting: the core is disposed (simulators stopped) before the app quits.
  electron.app.emit('will-quit', {
    preventDefault: () => standIn.recorded.push({ api: 'will-quit prevented', args: [] }),
  });
  await until('the app to quit after disposing', () => standIn.calls('app.quit').length > 0);
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('start-up', () => {
  it('registers the app scheme before anything else, sandboxes every renderer, takes one instance', () => {
    const order = standIn.recorded.map((c) => c.api);
    expect(order.indexOf('protocol.registerSchemesAsPrivileged')).toBe(0);
    expect(order).toContain('app.enableSandbox');
    expect(order).toContain('app.requestSingleInstanceLock');
    expect(electron.protocol.schemes).toEqual([
      {
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true, bypassCSP: false }),
      },
    ]);
  });

  it('opens one window with context isolation, the sandbox, no Node and the preload', () => {
    expect(electron.BrowserWindow.all).toHaveLength(1);
    const prefs = window().options['webPreferences'] as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(String(prefs['preload'])).toMatch(/[/\\]preload[/\\]index\.cjs$/);
    expect(window().options).toMatchObject({ show: false, title: 'Quantum Job Studio' });
    // Packaged: the renderer comes from the app scheme, never a dev server or file://.
    expect(standIn.calls('window.loadURL').map((c) => c.args[0])).toEqual([APP_URL]);
  });

  it('puts the menu up, whose About item shows the version in a dialog over the window', () => {
    expect(standIn.calls('Menu.setApplicationMenu')).toHaveLength(1);
    const items = (
      electron.Menu.template as { submenu?: { label?: string; click?: () => void }[] }[]
    ).flatMap((m) => m.submenu ?? []);
    const about = items.find((i) => i.label === 'About Quantum Job Studio');
    about!.click!();
    const [shown] = standIn.calls('dialog.showMessageBox');
    expect(shown!.args[0]).toBe(window());
    expect(shown!.args[1]).toMatchObject({
      type: 'info',
      message: 'Quantum Job Studio 0.1.0-test',
      detail: expect.stringContaining(`Data folder: ${dataDir}`),
    });
  });
});

describe('the session’s hardening', () => {
  it('puts the CSP on the renderer’s responses, replacing any other, and leaves the services’ alone', () => {
    const listener = electron.session.defaultSession.headersListener!;
    let answer: { responseHeaders?: Record<string, string[]> } | undefined;
    listener(
      {
        url: `${APP_URL}`,
        responseHeaders: { 'content-security-policy': ['default-src *'], 'X-Other': ['1'] },
      },
      (r) => (answer = r),
    );
    expect(answer!.responseHeaders).toEqual({
      'X-Other': ['1'],
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
    });
    listener(
      { url: 'https://service.example/api/v1/jobs', responseHeaders: {} },
      (r) => (answer = r),
    );
    expect(answer).toEqual({});
  });

  it('refuses every permission but writing the clipboard, and that only for the app’s page', () => {
    const handler = electron.session.defaultSession.permissionRequestHandler!;
    const ask = (permission: string, pageUrl: string, requestingUrl?: string) => {
      let allowed: boolean | undefined;
      handler({ getURL: () => pageUrl }, permission, (a) => (allowed = a), { requestingUrl });
      return allowed;
    };
    expect(ask('clipboard-sanitized-write', APP_URL)).toBe(true);
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal'])
      expect(ask(p, APP_URL), p).toBe(false);
    expect(ask('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(ask('clipboard-sanitized-write', APP_URL, 'https://evil.example/frame')).toBe(false);
    const check = electron.session.defaultSession.permissionCheckHandler!;
    expect(check(null, 'clipboard-sanitized-write', 'app://qjob')).toBe(true);
    expect(check(null, 'media', 'app://qjob')).toBe(false);
  });

  it('blocks navigation, redirects and webviews in the window, and new windows: https links go to the system browser', () => {
    const contents = window().webContents;
    const prevented = (event: string, ...args: unknown[]) => {
      let stopped = false;
      contents.emit(event, { preventDefault: () => (stopped = true) }, ...args);
      return stopped;
    };
    expect(prevented('will-navigate', 'https://evil.example/')).toBe(true);
    expect(prevented('will-navigate', 'app://qjob/other.html')).toBe(true);
    expect(prevented('will-redirect', 'https://evil.example/')).toBe(true);
    expect(prevented('will-attach-webview')).toBe(true);
    const open = contents.windowOpenHandler!;
    const before = standIn.calls('shell.openExternal').length;
    expect(open({ url: 'https://docs.example/guide' })).toEqual({ action: 'deny' });
    expect(open({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(open({ url: 'https://user:pw@docs.example/' })).toEqual({ action: 'deny' });
    const opened = standIn
      .calls('shell.openExternal')
      .slice(before)
      .map((c) => c.args[0]);
    expect(opened).toEqual(['https://docs.example/guide']);
  });

  it('hardens web contents made later too (every one the app creates)', () => {
    const later = standIn.newWebContents('app://qjob/index.html');
    electron.app.emit('web-contents-created', {}, later);
    let stopped = false;
    later.emit(
      'will-navigate',
      { preventDefault: () => (stopped = true) },
      'https://evil.example/',
    );
    expect(stopped).toBe(true);
    expect(later.windowOpenHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
  });
});

describe('IPC', () => {
  it('has one channel per call of the contract, and nothing else', () => {
    expect(standIn.ipcChannels().sort()).toEqual(CALL_NAMES.map(callChannel).sort());
  });

  it('answers the app’s own top frame, validates the input, and refuses other senders', async () => {
    const info = await invoke('app.info');
    expect(info).toMatchObject({ ok: true, value: { shell: 'electron', dataDir } });
    const bad = await invoke('jobs.get', { id: 'seven' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const extra = await invoke('app.info', { evil: true });
    expect(extra.ok).toBe(false);
    try {
      for (const frame of [
        { url: 'https://evil.example/', parent: null },
        { url: APP_URL, parent: { url: APP_URL } }, // an iframe inside the app
        { url: 'file:///tmp/x.html', parent: null },
        null,
      ]) {
        standIn.setSender(frame);
        expect(await invoke('app.info'), JSON.stringify(frame)).toEqual({
          ok: false,
          error: { code: 'forbidden', message: 'This page may not use the app.' },
        });
      }
    } finally {
      standIn.setSender({ url: APP_URL, parent: null });
    }
  });

  it('opens links only through the check, and the log folder with the OS', async () => {
    expect(await invoke('app.openExternal', { url: 'http://plain.example/' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await invoke('app.openExternal', { url: 'https://docs.example/a' })).toEqual({
      ok: true,
      value: true,
    });
    expect(standIn.calls('shell.openExternal').at(-1)!.args).toEqual(['https://docs.example/a']);
    expect(await invoke('app.openLogFolder')).toEqual({ ok: true, value: null });
    expect(standIn.calls('shell.openPath').at(-1)!.args).toEqual([path.join(dataDir, 'logs')]);
  });

  it('sends the core’s events to the window', async () => {
    const before = window().webContents.sent.length;
    await invoke('app.respondToClose', { proceed: false });
    electron.app.emit('second-instance');
    // A core event (a menu command travels as one) reaches the window on its channel.
    const items = (
      electron.Menu.template as { submenu?: { label?: string; click?: () => void }[] }[]
    )
      .flatMap((m) => m.submenu ?? [])
      .filter((i) => typeof i.click === 'function' && i.label && !/About|Log Folder/.test(i.label));
    items[0]!.click!();
    const sent = window().webContents.sent.slice(before);
    expect(sent.some((s) => s.channel === eventChannel('ui.command'))).toBe(true);
  });
});

describe('the app protocol', () => {
  const serve = (url: string) => electron.protocol.handlers.get('app')!(new Request(url));

  it('serves the renderer bundle with the CSP on every answer', async () => {
    const page = await serve(APP_URL);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toMatch(/<html/i);
  });

  it('serves nothing outside the bundle or from another host', async () => {
    for (const url of [
      'app://qjob/%2e%2e/%2e%2e/package.json',
      'app://qjob/..%2f..%2fpackage.json',
      'app://qjob/no-such-file.js',
      'app://other/index.html',
    ]) {
      const answer = await serve(url);
      expect(answer.status, url).toBe(404);
      expect(answer.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(await answer.text()).not.toContain('"name"');
    }
  });
});

describe('dialogs', () => {
  it('opens a payload through the open dialog, over the window, with the YAML filters', async () => {
    const file = path.join(dataDir, 'bell.yaml');
    fs.writeFileSync(file, 'type: sampling\n');
    standIn.answerDialog({ canceled: false, filePaths: [file] });
    expect(await invoke('files.open')).toEqual({
      ok: true,
      value: { path: file, text: 'type: sampling\n' },
    });
    const [opened] = standIn.calls('dialog.showOpenDialog');
    expect(opened!.args[0]).toBe(window());
    expect(opened!.args[1]).toMatchObject({
      properties: ['openFile'],
      filters: expect.arrayContaining([{ name: 'YAML payloads', extensions: ['yaml', 'yml'] }]),
    });
    // A cancelled dialog is no file.
    expect(await invoke('files.open')).toEqual({ ok: true, value: null });
  });

  it('saves to a path only after the person chose it in a dialog', async () => {
    const chosen = path.join(dataDir, 'saved.yaml');
    const elsewhere = path.join(dataDir, 'not-chosen.yaml');
    // A path the page names that no dialog gave: the save dialog asks, starting there.
    standIn.answerDialog({ canceled: false, filePath: chosen });
    expect(await invoke('files.save', { path: elsewhere, text: 'a: 1\n' })).toEqual({
      ok: true,
      value: { path: chosen },
    });
    const asked = standIn.calls('dialog.showSaveDialog');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.args[1]).toMatchObject({ defaultPath: elsewhere });
    expect(fs.existsSync(elsewhere)).toBe(false);
    expect(fs.readFileSync(chosen, 'utf8')).toBe('a: 1\n');
    // The chosen one again: written without asking.
    expect(await invoke('files.save', { path: chosen, text: 'a: 2\n' })).toMatchObject({
      ok: true,
    });
    expect(standIn.calls('dialog.showSaveDialog')).toHaveLength(1);
    expect(fs.readFileSync(chosen, 'utf8')).toBe('a: 2\n');
  });
});

describe('notifications', () => {
  it('tells of a job that ends while the window is not focused, and opens it when clicked', async () => {
    // The Variant A simulator is the first profile; the app logs in to it by itself.
    const loggedIn = async () => {
      const s = await invoke('session.get');
      return s.ok && (s.value as { state: string }).state === 'active';
    };
    for (let i = 0; i < 300 && !(await loggedIn()); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await loggedIn()).toBe(true);
    window().focused = false;
    const text = fs.readFileSync(
      path.join(REPO_ROOT, 'test/fixtures/dialect/a-digital-bell.yaml'),
      'utf8',
    );
    const submitted = await invoke('jobs.submit', {
      text,
      deviceCode: 'sim.statevector',
      name: 'notify me',
    });
    expect(submitted, JSON.stringify(submitted)).toMatchObject({ ok: true });
    const jobId = (submitted as { value: { jobId: number } }).value.jobId;
    const notification = await until(
      'the notification',
      () => electron.Notification.all.find((n) => n.options.title.startsWith(`Job ${jobId} `)),
      45_000,
    );
    expect(notification.options).toMatchObject({
      title: `Job ${jobId} completed`,
      body: expect.stringContaining('notify me'),
      silent: true,
    });
    expect(standIn.calls('notification.show').map((c) => c.args[0])).toContain(
      `Job ${jobId} completed`,
    );
    const before = window().webContents.sent.length;
    notification.emit('click');
    expect(window().focused).toBe(true);
    expect(window().visible).toBe(true);
    expect(window().webContents.sent.slice(before)).toContainEqual({
      channel: eventChannel('ui.command'),
      payload: expect.objectContaining({ command: 'job.open', jobId }),
    });
  }, 60_000);
});

describe('following jobs from a window', () => {
  // After the notifications: the app is logged in to its first simulator by then.
  const follow = async (id: number) => {
    const s = await invoke('session.get');
    const profileId = (s as { value: { profileId: string } }).value.profileId;
    return invoke('jobs.follow', { profileId, id });
  };

  it('lets a window follow as many jobs as a page may, and ends its follows when it reloads or closes', async () => {
    // A window's page follows at most two jobs; a third is refused with what to do.
    expect(await follow(9001)).toEqual({ ok: true, value: null });
    expect(await follow(9002)).toEqual({ ok: true, value: null });
    expect(await follow(9003)).toMatchObject({
      ok: false,
      error: { code: 'busy', message: expect.stringContaining('Close another job') },
    });
    // Ten reloads, each page following two other jobs: the app as a whole follows at most eight,
    // so this passes only if every reload ended the follows of the page before it.
    for (let reload = 0; reload < 10; reload++) {
      window().webContents.emit('did-navigate', {}, APP_URL);
      for (const id of [9100 + 2 * reload, 9101 + 2 * reload])
        expect(await follow(id), `reload ${reload}, job ${id}`).toEqual({ ok: true, value: null });
    }
    // Another window cannot end this window's follows, and its own end when it is destroyed.
    const other = standIn.newWebContents(APP_URL);
    standIn.setSenderContents(other);
    try {
      const s = await invoke('session.get');
      const profileId = (s as { value: { profileId: string } }).value.profileId;
      expect(await invoke('jobs.unfollow', { profileId, id: 9118 })).toEqual({
        ok: true,
        value: null,
      });
      for (let round = 0; round < 5; round++) {
        expect(await follow(9200 + round)).toEqual({ ok: true, value: null });
        expect(await follow(9300 + round)).toEqual({ ok: true, value: null });
        other.emit('destroyed');
      }
    } finally {
      standIn.setSenderContents(null);
    }
    // The first window's two follows were never ended by the other: it still may not take a third.
    expect(await follow(9400)).toMatchObject({ ok: false, error: { code: 'busy' } });
  }, 30_000);
});
