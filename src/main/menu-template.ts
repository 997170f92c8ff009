import type { MenuItemConstructorOptions } from 'electron';
import type { UiCommandName } from '../shared/ipc/schemas';

export interface MenuActions {
  /** Sends a `ui.command` event to the renderer. */
  command(command: UiCommandName): void;
  openLogFolder(): void;
  showAbout(): void;
}

/**
 * The application menu as data (only types come from electron), so its accelerators are tested.
 * Editing commands use Electron's roles so copy/paste work inside Monaco and inputs alike.
 */
export function buildMenuTemplate(options: {
  isMac: boolean;
  isDev: boolean;
  appName: string;
  actions: MenuActions;
}): MenuItemConstructorOptions[] {
  const { isMac, isDev, appName, actions } = options;
  const cmd = (
    label: string,
    command: UiCommandName,
    accelerator?: string,
  ): MenuItemConstructorOptions => ({
    label,
    ...(accelerator ? { accelerator } : {}),
    click: () => actions.command(command),
  });

  const appMenu: MenuItemConstructorOptions[] = isMac
    ? [
        {
          label: appName,
          submenu: [
            { label: `About ${appName}`, click: () => actions.showAbout() },
            { type: 'separator' },
            { role: 'services' },
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            { role: 'quit' },
          ],
        },
      ]
    : [];

  return [
    ...appMenu,
    {
      label: '&File',
      submenu: [
        cmd('New Tab', 'tab.new', 'CmdOrCtrl+N'),
        cmd('Open…', 'file.open', 'CmdOrCtrl+O'),
        { type: 'separator' },
        cmd('Save', 'file.save', 'CmdOrCtrl+S'),
        cmd('Save As…', 'file.saveAs', 'CmdOrCtrl+Shift+S'),
        { type: 'separator' },
        cmd('Close Tab', 'tab.close', 'CmdOrCtrl+W'),
        ...(isMac ? [] : [{ type: 'separator' } as const, { role: 'quit' } as const]),
      ],
    },
    {
      label: '&Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: '&View',
      submenu: [
        cmd('Editor', 'view.editor', 'CmdOrCtrl+1'),
        cmd('Devices', 'view.devices', 'CmdOrCtrl+2'),
        cmd('Jobs', 'view.jobs', 'CmdOrCtrl+3'),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(isDev
          ? [
              { type: 'separator' } as const,
              { role: 'reload' } as const,
              { role: 'toggleDevTools' } as const,
            ]
          : []),
      ],
    },
    {
      label: '&Job',
      submenu: [
        cmd('Submit', 'job.submit', 'CmdOrCtrl+Enter'),
        cmd('Open Job by Id…', 'job.openById', 'CmdOrCtrl+J'),
      ],
    },
    {
      role: 'help',
      label: '&Help',
      submenu: [
        { label: 'Open Log Folder', click: () => actions.openLogFolder() },
        ...(isMac
          ? []
          : [
              { type: 'separator' } as const,
              { label: `About ${appName}`, click: () => actions.showAbout() },
            ]),
      ],
    },
  ];
}
