import os from 'node:os';
import path from 'node:path';

const APP_DIR_NAME = 'quantum-job-studio';
const SETTINGS_FILE_NAME = 'settings.json';

/**
 * The one folder the app, browser mode, `qjob` and the standalone simulator share, spelled the
 * same on every platform: `$QJOB_CONFIG_DIR` when set, otherwise
 * the OS config folder (`$XDG_CONFIG_HOME` or `~/.config` on Linux, `~/Library/Application
 * Support` on macOS, `%APPDATA%` on Windows) + `quantum-job-studio`. Electron's own
 * `userData` would follow the product name with spaces; main uses this instead so both
 * programs read the same settings.
 */
export function defaultConfigDir(
  env: Record<string, string | undefined> = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string {
  const explicit = env.QJOB_CONFIG_DIR;
  if (explicit && explicit.trim() !== '') return path.resolve(explicit);
  if (platform === 'win32')
    return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', APP_DIR_NAME);
  const xdg = env.XDG_CONFIG_HOME;
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(home, '.config'), APP_DIR_NAME);
}

/**
 * Where `qjob simulator` keeps its jobs when not given `--data`: in the shared folder, beside the
 * embedded simulators' folders (`simulator/<shell>/...`) and never inside one, since a data
 * folder belongs to one running simulator at a time.
 */
export function standaloneSimulatorDir(configDir: string): string {
  return path.join(configDir, 'simulator', 'standalone');
}

export function settingsFilePath(configDir: string): string {
  return path.join(configDir, SETTINGS_FILE_NAME);
}
