import { downloadText } from '../ui/download';
import { call, shell } from './qjob';

/**
 * Saves text as a file: a download in browser mode, the native save dialog (through the core's
 * `files.save`) in the desktop app. Returns false when the person cancelled.
 */
export async function saveTextFile(fileName: string, text: string): Promise<boolean> {
  if (shell() !== 'electron') {
    downloadText(text, fileName, 'text/plain;charset=utf-8');
    return true;
  }
  return (await call('files.save', { path: fileName, text })) !== null;
}
