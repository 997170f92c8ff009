import { call, shell } from './qjob';

/**
 * Saves text as a file: a download in browser mode, the native save dialog (through the core's
 * `files.save`) in the desktop app. Returns false when the person cancelled.
 */
export async function saveTextFile(fileName: string, text: string): Promise<boolean> {
  if (shell() !== 'electron') {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return true;
  }
  return (await call('files.save', { path: fileName, text })) !== null;
}
