import { EventEmitter } from 'node:events';

/**
 * A stand-in for the `electron` module that records what the main process asks of it, for
 * `test/unit/main/main-process.test.ts` (the one place a stand-in is right: Electron's binary
 * cannot run here). It does what Electron would only as far as the wiring needs: `app` is ready
 * at once, a window "loads" its URL, `ipcRenderer.invoke` reaches the handler `ipcMain.handle`
 * registered (with the sender frame the test says), dialogs answer what the test scripts. Every
 * call is kept in `electron.recorded`, in order.
 */

export interface RecordedCall {
  api: string;
  args: unknown[];
}

export interface SenderFrame {
  url: string;
  parent: unknown;
}

type InvokeHandler = (
  event: { senderFrame: SenderFrame | null; sender: StandInWebContents | undefined },
  ...args: unknown[]
) => unknown;

const recorded: RecordedCall[] = [];
const record = (api: string, ...args: unknown[]): void => {
  recorded.push({ api, args });
};

/** Who `ipcRenderer.invoke` says is calling: the app's own top frame unless a test says otherwise. */
let sender: SenderFrame | null = { url: 'app://qjob/index.html', parent: null };
/** Whose page `ipcRenderer.invoke` calls from: the first window's unless a test says otherwise. */
let senderContents: StandInWebContents | null = null;

/** What the next dialogs answer, in order (a test pushes them). */
const dialogAnswers: unknown[] = [];

class StandInApp extends EventEmitter {
  isPackaged = true;
  getName = () => 'Quantum Job Studio';
  getVersion = () => '0.1.0-test';
  getAppPath = () => process.cwd();
  enableSandbox = () => record('app.enableSandbox');
  setAppUserModelId = (id: string) => record('app.setAppUserModelId', id);
  requestSingleInstanceLock = () => {
    record('app.requestSingleInstanceLock');
    return true;
  };
  whenReady = () => Promise.resolve();
  quit = () => record('app.quit');
  exit = (code?: number) => record('app.exit', code);
}

let nextWebContentsId = 1;

class StandInWebContents extends EventEmitter {
  readonly id = nextWebContentsId++;
  readonly sent: { channel: string; payload: unknown }[] = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  constructor(private url = '') {
    super();
  }
  getURL = () => this.url;
  send = (channel: string, payload: unknown) => {
    this.sent.push({ channel, payload });
    record('webContents.send', channel, payload);
  };
  setWindowOpenHandler = (handler: (details: { url: string }) => { action: string }) => {
    this.windowOpenHandler = handler;
  };
  executeJavaScript = () => Promise.resolve(true);
  loaded(url: string) {
    this.url = url;
  }
}

class StandInBrowserWindow extends EventEmitter {
  static readonly all: StandInBrowserWindow[] = [];
  static getAllWindows = () => StandInBrowserWindow.all.filter((w) => !w.destroyed);
  readonly webContents = new StandInWebContents();
  readonly options: Record<string, unknown>;
  destroyed = false;
  focused = false;
  minimized = false;
  visible = false;
  constructor(options: Record<string, unknown>) {
    super();
    this.options = options;
    StandInBrowserWindow.all.push(this);
    record('new BrowserWindow', options);
    app.emit('web-contents-created', {}, this.webContents);
  }
  loadURL = (url: string) => {
    record('window.loadURL', url);
    this.webContents.loaded(url);
    setImmediate(() => this.emit('ready-to-show'));
    return Promise.resolve();
  };
  show = () => {
    this.visible = true;
    record('window.show');
  };
  focus = () => {
    this.focused = true;
    record('window.focus');
  };
  restore = () => {
    this.minimized = false;
    record('window.restore');
  };
  maximize = () => record('window.maximize');
  close = () => record('window.close');
  isDestroyed = () => this.destroyed;
  isFocused = () => this.focused;
  isMinimized = () => this.minimized;
  isMaximized = () => false;
  getNormalBounds = () => ({ x: 10, y: 20, width: 1280, height: 820 });
}

class StandInNotification extends EventEmitter {
  static isSupported = () => true;
  static readonly all: StandInNotification[] = [];
  constructor(readonly options: { title: string; body: string; silent?: boolean }) {
    super();
    StandInNotification.all.push(this);
    record('new Notification', options);
  }
  show = () => record('notification.show', this.options.title);
}

type HeadersListener = (
  details: { url: string; responseHeaders?: Record<string, string[]> },
  callback: (response: { responseHeaders?: Record<string, string[]> }) => void,
) => void;

type PermissionRequestHandler = (
  contents: { getURL(): string },
  permission: string,
  callback: (allowed: boolean) => void,
  details: { requestingUrl?: string },
) => void;
type PermissionCheckHandler = (
  contents: unknown,
  permission: string,
  requestingOrigin: string,
) => boolean;

interface StandInSession {
  /** What the main process installed, for the test to call as Chromium would. */
  permissionRequestHandler: PermissionRequestHandler | null;
  permissionCheckHandler: PermissionCheckHandler | null;
  headersListener: HeadersListener | null;
  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void;
  setPermissionCheckHandler(handler: PermissionCheckHandler | null): void;
  webRequest: { onHeadersReceived(listener: HeadersListener): void };
}

const defaultSession: StandInSession = {
  permissionRequestHandler: null,
  permissionCheckHandler: null,
  headersListener: null,
  setPermissionRequestHandler(handler) {
    record('session.setPermissionRequestHandler');
    defaultSession.permissionRequestHandler = handler;
  },
  setPermissionCheckHandler(handler) {
    record('session.setPermissionCheckHandler');
    defaultSession.permissionCheckHandler = handler;
  },
  webRequest: {
    onHeadersReceived(listener) {
      record('session.webRequest.onHeadersReceived');
      defaultSession.headersListener = listener;
    },
  },
};

const ipcHandlers = new Map<string, InvokeHandler>();
const rendererListeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>();
const exposed = new Map<string, unknown>();

export const app = new StandInApp();
export const BrowserWindow = StandInBrowserWindow;
export const Notification = StandInNotification;
export const session = { defaultSession };
export const nativeTheme = { shouldUseDarkColors: false };
export const screen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
};
export const net = {
  fetch: (url: string | URL | Request, init?: RequestInit) => globalThis.fetch(url, init),
};
export const shell = {
  openExternal: (url: string) => {
    record('shell.openExternal', url);
    return Promise.resolve();
  },
  openPath: (target: string) => {
    record('shell.openPath', target);
    return Promise.resolve('');
  },
};
export const Menu = {
  template: null as unknown,
  buildFromTemplate: (template: unknown) => {
    record('Menu.buildFromTemplate');
    Menu.template = template;
    return { template };
  },
  setApplicationMenu: (menu: unknown) => record('Menu.setApplicationMenu', menu),
};
export const protocol = {
  schemes: [] as unknown[],
  handlers: new Map<string, (request: Request) => Promise<Response>>(),
  registerSchemesAsPrivileged: (schemes: unknown[]) => {
    record('protocol.registerSchemesAsPrivileged', schemes);
    protocol.schemes.push(...schemes);
  },
  handle: (scheme: string, handler: (request: Request) => Promise<Response>) => {
    record('protocol.handle', scheme);
    protocol.handlers.set(scheme, handler);
  },
};
export const ipcMain = {
  handle: (channel: string, handler: InvokeHandler) => {
    if (ipcHandlers.has(channel)) throw new Error(`a second handler for ${channel}`);
    ipcHandlers.set(channel, handler);
  },
  removeHandler: (channel: string) => ipcHandlers.delete(channel),
};
export const ipcRenderer = {
  invoke: async (channel: string, ...args: unknown[]) => {
    const handler = ipcHandlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    const contents = senderContents ?? StandInBrowserWindow.all[0]?.webContents;
    return handler({ senderFrame: sender, sender: contents }, ...args);
  },
  on: (channel: string, listener: (event: unknown, payload: unknown) => void) => {
    let set = rendererListeners.get(channel);
    if (!set) rendererListeners.set(channel, (set = new Set()));
    set.add(listener);
  },
  removeListener: (channel: string, listener: (event: unknown, payload: unknown) => void) => {
    rendererListeners.get(channel)?.delete(listener);
  },
};
export const contextBridge = {
  exposeInMainWorld: (key: string, api: unknown) => {
    record('contextBridge.exposeInMainWorld', key);
    exposed.set(key, api);
  },
};
export const dialog = {
  showOpenDialog: (...args: unknown[]) => {
    record('dialog.showOpenDialog', ...args);
    return Promise.resolve(dialogAnswers.shift() ?? { canceled: true, filePaths: [] });
  },
  showSaveDialog: (...args: unknown[]) => {
    record('dialog.showSaveDialog', ...args);
    return Promise.resolve(dialogAnswers.shift() ?? { canceled: true });
  },
  showMessageBox: (...args: unknown[]) => {
    record('dialog.showMessageBox', ...args);
    return Promise.resolve(dialogAnswers.shift() ?? { response: 0 });
  },
};
/** No OS key store here: the main process falls back as it would on such a machine. */
export const safeStorage = {
  isEncryptionAvailable: () => false,
  encryptString: () => {
    throw new Error('not available');
  },
  decryptString: () => {
    throw new Error('not available');
  },
};

/** What a test reads and steers (not part of Electron's API). */
export const standIn = {
  recorded,
  calls: (api: string) => recorded.filter((c) => c.api === api),
  ipcChannels: () => [...ipcHandlers.keys()],
  exposed,
  /** Who the next IPC messages come from (null: no frame, as after a navigation). */
  setSender(frame: SenderFrame | null) {
    sender = frame;
  },
  /** Whose page the next IPC messages come from (null: the first window's). */
  setSenderContents(contents: StandInWebContents | null) {
    senderContents = contents;
  },
  answerDialog(answer: unknown) {
    dialogAnswers.push(answer);
  },
  /** Delivers what the main process sent to a window as `ipcRenderer` would. */
  deliverToRenderer(channel: string, payload: unknown) {
    for (const listener of rendererListeners.get(channel) ?? []) listener({}, payload);
  },
  newWebContents: (url: string) => new StandInWebContents(url),
};

export default {
  app,
  BrowserWindow,
  Notification,
  session,
  nativeTheme,
  screen,
  net,
  shell,
  Menu,
  protocol,
  ipcMain,
  ipcRenderer,
  contextBridge,
  dialog,
  safeStorage,
};
