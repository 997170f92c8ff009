import { BrowserWindow, nativeTheme, screen } from 'electron';
import type { SettingsStore } from '../core/profiles/settings-store';
import type { Logger } from '../core/logging/logger';
import { SECURE_WEB_PREFERENCES } from './security';
import {
  MIN_WINDOW_SIZE,
  fitToDisplays,
  windowStateFromSettings,
  type WindowState,
} from './window-state';

/**
 * The one application window, with the secure webPreferences of `security.ts`, its size and
 * position restored from the settings file (corrected when a monitor has gone) and saved again as
 * the person moves it.
 */
export async function createMainWindow(options: {
  preload: string;
  entryUrl: string;
  settings: SettingsStore;
  icon?: string | undefined;
  log: Logger;
}): Promise<BrowserWindow> {
  const loaded = await options.settings.load().catch(() => null);
  const saved = windowStateFromSettings(loaded?.settings.app.windowBounds ?? null);
  const state = fitToDisplays(
    saved,
    screen.getAllDisplays().map((d) => d.workArea),
  );

  const window = new BrowserWindow({
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    width: state.width,
    height: state.height,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    show: false,
    title: 'Quantum Job Studio',
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#1e1e1e' : '#ffffff',
    ...(options.icon ? { icon: options.icon } : {}),
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: options.preload },
  });
  if (state.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());

  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = (): void => {
    if (window.isDestroyed()) return;
    const b = window.getNormalBounds();
    const next: WindowState = {
      x: b.x,
      y: b.y,
      width: b.width,
      height: b.height,
      maximized: window.isMaximized(),
    };
    options.settings
      .update((s) => ({ ...s, app: { ...s.app, windowBounds: next } }))
      .catch((error: unknown) => options.log.warn('window position not saved', { error }));
  };
  const saveSoon = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, 500);
  };
  window.on('resize', saveSoon);
  window.on('move', saveSoon);
  window.on('maximize', saveSoon);
  window.on('unmaximize', saveSoon);
  window.on('close', () => {
    if (timer) clearTimeout(timer);
    save();
  });

  // A failed load leaves the window up (with Chromium's error page) and the reason in the log,
  // rather than ending the app before the person sees anything.
  await window.loadURL(options.entryUrl).catch((error: unknown) => {
    options.log.error('the window did not load', { url: options.entryUrl, error });
    if (!window.isDestroyed()) window.show(); // ready-to-show may never come
  });
  return window;
}
