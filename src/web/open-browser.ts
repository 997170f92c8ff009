import { spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync } from 'node:fs';
import path from 'node:path';

type Env = Record<string, string | undefined>;

/** Chromium-family browsers on a Unix PATH, in order of preference: all take `--app`. */
const PATH_NAMES = [
  'chromium',
  'chromium-browser',
  'google-chrome-stable',
  'google-chrome',
  'microsoft-edge-stable',
  'microsoft-edge',
  'brave-browser',
];

/** The same browsers where macOS and Windows install them. */
function installedPaths(env: Env, platform: NodeJS.Platform): string[] {
  if (platform === 'darwin') {
    const apps = [
      ['Google Chrome', 'Google Chrome'],
      ['Chromium', 'Chromium'],
      ['Microsoft Edge', 'Microsoft Edge'],
      ['Brave Browser', 'Brave Browser'],
    ];
    const roots = ['/Applications', ...(env.HOME ? [path.join(env.HOME, 'Applications')] : [])];
    return roots.flatMap((root) =>
      apps.map(([app, exe]) => path.join(root, `${app}.app`, 'Contents', 'MacOS', exe!)),
    );
  }
  if (platform === 'win32') {
    const roots = [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)']].filter(
      (r): r is string => Boolean(r),
    );
    const exes = [
      ['Google', 'Chrome', 'Application', 'chrome.exe'],
      ['Microsoft', 'Edge', 'Application', 'msedge.exe'],
      ['Chromium', 'Application', 'chrome.exe'],
    ];
    return roots.flatMap((root) => exes.map((parts) => path.join(root, ...parts)));
  }
  return [];
}

function isExecutable(file: string, platform: NodeJS.Platform): boolean {
  try {
    accessSync(file, platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string, env: Env, platform: NodeJS.Platform): string | null {
  if (name.includes('/') || name.includes('\\')) return isExecutable(name, platform) ? name : null;
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    if (isExecutable(file, platform)) return file;
  }
  return null;
}

/**
 * A Chromium-family browser that can show the app in a window of its own (`--app`): the one
 * QJOB_BROWSER names (a path or a command on PATH), else Chromium, Chrome, Edge or Brave where
 * they are usually installed. Null when there is none.
 */
export function findAppBrowser(
  env: Env = process.env,
  platform: NodeJS.Platform = process.platform,
): string | null {
  if (env.QJOB_BROWSER) return onPath(env.QJOB_BROWSER, env, platform);
  const names = platform === 'darwin' || platform === 'win32' ? [] : PATH_NAMES;
  for (const name of names) {
    const found = onPath(name, env, platform);
    if (found) return found;
  }
  return installedPaths(env, platform).find((file) => isExecutable(file, platform)) ?? null;
}

/** What `openAppWindow` did. */
export type OpenedWindow =
  | { kind: 'app-window'; browser: string }
  | { kind: 'default-browser' }
  | { kind: 'nothing'; reason: string };

export interface OpenAppWindowOptions {
  /** The app window's own browser profile (`--user-data-dir`), created private to this user. */
  profileDir: string;
  /** Told when a window could not be opened after all; the message ends with what to do. */
  onError: (message: string) => void;
  env?: Env;
  platform?: NodeJS.Platform;
}

/**
 * Shows browser mode in a desktop-like window: a Chromium-family browser in `--app` mode (no
 * tabs, no address bar) with a profile of its own, else the default browser. Best effort: the
 * printed address is what counts, so nothing here is fatal. On Linux without a display (a
 * server over SSH) nothing is opened and the reason says how to reach the address instead.
 *
 * The address, launch token included, goes on the browser's command line, where other local
 * users of the machine can read it (`ps`); it is never logged here.
 */
export function openAppWindow(url: string, options: OpenAppWindowOptions): OpenedWindow {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const unixLike = platform !== 'darwin' && platform !== 'win32';
  if (unixLike && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    const port = new URL(url).port;
    return {
      kind: 'nothing',
      reason: `no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set): open the address in a browser on this machine, or from another one through an SSH tunnel (ssh -L ${port}:127.0.0.1:${port} <this host>)`,
    };
  }
  const browser = findAppBrowser(env, platform);
  if (!browser) {
    openInDefaultBrowser(url, platform, options.onError);
    return { kind: 'default-browser' };
  }
  const name = path.basename(browser);
  const failed = (why: string) =>
    options.onError(`${name} could not open the app window (${why}); open the address yourself`);
  try {
    mkdirSync(options.profileDir, { recursive: true, mode: 0o700 });
    const child = spawn(
      browser,
      [
        `--app=${url}`,
        `--user-data-dir=${options.profileDir}`,
        '--no-first-run',
        '--no-default-browser-check',
        '--window-size=1280,800',
      ],
      { stdio: 'ignore', detached: true, windowsHide: false },
    );
    child.on('error', (error) => failed(error.message));
    child.on('exit', (code) => {
      if (code !== null && code !== 0) failed(`exit code ${code}`);
    });
    child.unref();
  } catch (error) {
    failed((error as Error).message);
  }
  return { kind: 'app-window', browser };
}

/** The person's default browser, as the desktop opens a link (no Chromium-family one found). */
function openInDefaultBrowser(
  url: string,
  platform: NodeJS.Platform,
  onError: (message: string) => void,
): void {
  const [command, args] =
    platform === 'darwin'
      ? ['open', [url]]
      : platform === 'win32'
        ? // `start` is a cmd built-in; the empty title argument keeps the URL from being taken as one.
          ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]]
        : ['xdg-open', [url]];
  const failed = (error: Error) =>
    onError(`could not open a browser (${error.message}); open the address yourself`);
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true, windowsHide: true });
    child.on('error', failed);
    child.unref();
  } catch (error) {
    failed(error as Error);
  }
}
