import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BrowserWindow, Menu, app, net, session, shell } from 'electron';
import { createAppCore } from '../core/app/create-app-core';
import type { AppCore } from '../core/app/types';
import { createFileLogger } from '../core/logging/file-logger';
import { defaultConfigDir } from '../core/profiles/config-dir';
import { showAbout } from './about';
import { registerAppScheme, serveRendererBundle } from './app-protocol';
import { installCloseGuard } from './close-guard';
import { createFileDialogs } from './file-dialogs';
import { hardenAllWebContents, hardenSession } from './hardening';
import { bindIpc } from './ipc-bridge';
import { createMainWindow } from './main-window';
import { buildMenuTemplate } from './menu-template';
import { createJobNotifier } from './notifications';
import { chooseSecretStore } from './secret-store-choice';
import { APP_ENTRY_URL, openExternalChecked } from './security';

/**
 * The desktop app's main process: one window, the renderer from `app://`, the contract bound to
 * ipcMain, the core (profiles, sessions, embedded simulators) running here, where the secrets are.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const devServerUrl = !app.isPackaged ? process.env['ELECTRON_RENDERER_URL'] : undefined;

registerAppScheme();
app.enableSandbox();
app.setAppUserModelId('org.quantumjobstudio.app');

let mainWindow: BrowserWindow | null = null;
let core: AppCore | null = null;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  void start().catch((error: unknown) => {
    console.error('Quantum Job Studio could not start:', error);
    app.exit(1);
  });
}

async function start(): Promise<void> {
  await app.whenReady();
  const dataDir = defaultConfigDir();
  const logDir = path.join(dataDir, 'logs');
  const log = createFileLogger({ dir: logDir, fileName: 'main.log' });
  log.info('starting', {
    version: app.getVersion(),
    electron: process.versions.electron,
    platform: process.platform,
  });
  process.on('uncaughtException', (error) => log.error('uncaught exception', { error }));
  process.on('unhandledRejection', (error) => log.error('unhandled rejection', { error }));

  hardenAllWebContents(log);
  hardenSession(session.defaultSession, { devServerUrl, log });
  serveRendererBundle(path.join(here, '../renderer'), log);

  let closeGuard: { respond(proceed: boolean): void } | null = null;
  const getWindow = (): BrowserWindow | null =>
    mainWindow && !mainWindow.isDestroyed() ? mainWindow : null;
  const appCore = await createAppCore({
    shell: 'electron',
    dataDir,
    // Electron's network stack: system proxy (and its authentication), OS certificate store.
    fetch: (url, init) => net.fetch(url, init),
    secretStoreFactory: () => chooseSecretStore(dataDir, log),
    resourcesDir: path.join(app.getAppPath(), 'resources'),
    appName: app.getName(),
    appVersion: app.getVersion(),
    logger: log,
    logFile: log.file,
    checkOutput: !app.isPackaged,
    notify: (notice) => notifier(notice),
    // The core checks the URL too; the main process never hands one to the OS unchecked.
    openExternal: (url) => openExternalChecked(url, (link) => shell.openExternal(link)),
    openPath: async (target) => {
      const problem = await shell.openPath(target);
      if (problem) throw new Error(problem);
    },
    dialogs: createFileDialogs(getWindow),
    onCloseResponse: (proceed) => closeGuard?.respond(proceed),
  });
  core = appCore;
  const notifier = createJobNotifier(getWindow, appCore.events);

  bindIpc(appCore, {
    windows: () => BrowserWindow.getAllWindows(),
    devServerUrl,
    checkOutput: !app.isPackaged,
    log,
  });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        isMac: process.platform === 'darwin',
        isDev: !app.isPackaged,
        appName: app.getName(),
        actions: {
          command: (command) => appCore.events.emit('ui.command', { command }),
          openLogFolder: () => void shell.openPath(logDir),
          showAbout: () => showAbout(getWindow(), dataDir),
        },
      }),
    ),
  );

  const openWindow = async (): Promise<void> => {
    mainWindow = await createMainWindow({
      preload: path.join(here, '../preload/index.cjs'),
      entryUrl: devServerUrl ?? APP_ENTRY_URL,
      settings: appCore.settings,
      icon:
        process.platform === 'linux'
          ? path.join(app.getAppPath(), 'resources/icons/512x512.png')
          : undefined,
      log,
    });
    closeGuard = installCloseGuard(mainWindow, appCore.events, log, () => {
      quitting = false; // the person kept the window: a pending quit is cancelled too
    });
    mainWindow.on('closed', () => {
      mainWindow = null;
      if (quitting) app.quit();
    });
  };
  let quitting = false;
  app.on('before-quit', () => {
    quitting = true;
  });
  await openWindow();

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void openWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let disposed = false;
  app.on('will-quit', (event) => {
    if (disposed || !core) return;
    // Stop the embedded simulators and pollers before the process ends.
    event.preventDefault();
    disposed = true;
    void core
      .dispose()
      .catch((error: unknown) => log.error('shutdown failed', { error }))
      .finally(() => app.quit());
  });
}
