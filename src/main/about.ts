import { app, dialog, type BrowserWindow } from 'electron';

export function showAbout(window: BrowserWindow | null, dataDir: string): void {
  const options = {
    type: 'info' as const,
    title: `About ${app.getName()}`,
    message: `${app.getName()} ${app.getVersion()}`,
    detail: [
      'Author, submit and monitor jobs on a quantum job execution service.',
      `Electron ${process.versions.electron}, Chromium ${process.versions.chrome}, Node ${process.versions.node}`,
      `Data folder: ${dataDir}`,
    ].join('\n'),
    buttons: ['OK'],
  };
  void (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options));
}
