import { spawn } from 'node:child_process';

/**
 * Opens a URL in the person's default browser. Best effort: on a machine without one (a server
 * over SSH) the printed URL is what counts, so a failure is only reported, never fatal.
 */
export function openInBrowser(url: string, onError: (message: string) => void): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? // `start` is a cmd built-in; the empty title argument keeps the URL from being taken as one.
          ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true, windowsHide: true });
    child.on('error', (error) =>
      onError(`could not open a browser (${error.message}); open the address yourself`),
    );
    child.unref();
  } catch (error) {
    onError(`could not open a browser (${(error as Error).message}); open the address yourself`);
  }
}
