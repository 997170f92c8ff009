import path from 'node:path';
import type { VariantId } from '../../shared/variants/declaration';
import { createFileLogger } from '../../core/logging/file-logger';
import { defaultConfigDir } from '../../core/profiles/config-dir';
import { openAppWindow } from '../../web/open-browser';
import { RendererBundleMissingError, startWebServer } from '../../web/server';
import { requestNewLink } from '../../web/new-link';
import { parseOptions, requireNonEmpty, requireNumber, requireVariant } from '../args';
import { CommandFailure, UsageError } from '../errors';
import { EXIT } from '../exit-codes';
import type { ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { runCommand } from '../run-command';

export interface WebCommandIo extends Pick<CliIo, 'ownsProcess'> {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /** Stops the server like SIGINT does (for embedding and tests). */
  signal?: AbortSignal;
  /** The built renderer to serve instead of this checkout's `out/renderer` (tests). */
  rendererDir?: string;
  /** Where to look for a browser (PATH, QJOB_BROWSER, DISPLAY); process.env unless given. */
  env?: Record<string, string | undefined>;
}

export const WEB_USAGE = `usage: qjob web [--port N] [--variant A|B] [--data DIR] [--no-open]
       qjob web --new-link [--data DIR] [--no-open]

Runs Quantum Job Studio in a browser: serves the built app and its backend on
127.0.0.1 and prints one line, "Quantum Job Studio: <address>". The address
carries a per-launch token (after #token=); only a page opened with it can use
the app. Runs until interrupted.

It opens the app in a window of its own: Chromium, Chrome, Edge or Brave in app
mode (QJOB_BROWSER names another Chromium-family browser), else the default
browser. Without a display (DISPLAY, WAYLAND_DISPLAY) it only prints the address.

  --port N        port to listen on (default 0: a free port)
  --variant A|B   start on that variant's built-in simulator profile
                  (default: the profile used last, else Variant A)
  --data DIR      settings, drafts, logs and simulator jobs
                  (default: the folder shared with the desktop app and qjob)
  --no-open       do not open a window
  --new-link      another address into the browser mode already running for
                  the data folder (the printed one opens the app once: after its
                  tab was closed it is refused). Prints it, opens it unless
                  --no-open, and exits. Only you can ask: the server's control
                  token is in a file of the data folder only you can read.
`;

interface WebArgs {
  port: number;
  variant?: VariantId;
  dataDir: string;
  open: boolean;
  newLink: boolean;
}

const WEB_OPTIONS = {
  port: { type: 'string' },
  variant: { type: 'string' },
  data: { type: 'string' },
  'no-open': { type: 'boolean' },
  'new-link': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Parse the command line; throws UsageError on anything wrong. */
export function parseWebArgs(argv: string[]): WebArgs | 'help' {
  const { values: v } = parseOptions(argv, WEB_OPTIONS, false);
  if (v.help) return 'help';
  const port = requireNumber('--port', v.port, { integer: true, min: 0, max: 65535 }) ?? 0;
  const variant = requireVariant('--variant', v.variant);
  const data = requireNonEmpty('--data', v.data);
  if (v['new-link'] && (v.port !== undefined || variant))
    throw new UsageError(
      '--new-link asks the running browser mode: it takes no --port or --variant',
    );
  return {
    port,
    ...(variant ? { variant } : {}),
    dataDir: path.resolve(data ?? defaultConfigDir()),
    open: !v['no-open'],
    newLink: v['new-link'] === true,
  };
}

/** `qjob web --new-link`: a new one-use address from the running server, printed and opened. */
async function printNewLink(args: WebArgs, io: WebCommandIo): Promise<ExitCode> {
  let url: string;
  try {
    url = await requestNewLink(args.dataDir);
  } catch (error) {
    throw new CommandFailure((error as Error).message, EXIT.failed);
  }
  io.stdout(`Quantum Job Studio: ${url}\n`);
  if (args.open) openWindow(url, args, io);
  return EXIT.ok;
}

function openWindow(url: string, args: WebArgs, io: WebCommandIo): void {
  const opened = openAppWindow(url, {
    // The app window's own browser profile: its size and place are kept between launches.
    profileDir: path.join(args.dataDir, 'app-window'),
    onError: (message) => io.stderr(`qjob web: ${message}\n`),
    ...(io.env ? { env: io.env } : {}),
  });
  if (opened.kind === 'nothing') io.stderr(`qjob web: ${opened.reason}\n`);
}

/** `qjob web`: exit code 0 after an interrupt, 1 when the server cannot start, 2 on usage errors. */
export async function runWebCommand(argv: string[], io: WebCommandIo): Promise<number> {
  return runCommand(
    'web',
    WEB_USAGE,
    io,
    () => parseWebArgs(argv),
    async (args) => {
      if (args.newLink) return printNewLink(args, io);
      const logger = createFileLogger({
        dir: path.join(args.dataDir, 'logs'),
        fileName: 'web.log',
      });
      let server;
      try {
        server = await startWebServer({
          port: args.port,
          dataDir: args.dataDir,
          logger,
          ...(io.rendererDir ? { rendererDir: io.rendererDir } : {}),
          ...(args.variant ? { variant: args.variant } : {}),
        });
      } catch (error) {
        const message =
          error instanceof RendererBundleMissingError
            ? error.message
            : (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
              ? `port ${args.port} is in use; choose another with --port, or --port 0 for a free one`
              : (error as Error).message;
        throw new CommandFailure(message, EXIT.failed);
      }
      io.stdout(`Quantum Job Studio: ${server.url}\n`);
      const again =
        args.dataDir === path.resolve(defaultConfigDir())
          ? 'qjob web --new-link'
          : `qjob web --new-link --data ${args.dataDir}`;
      io.stderr(
        `qjob web: the address opens the app once; for another (after its tab was closed), run: ${again}\n`,
      );
      if (args.open) openWindow(server.url, args, io);

      // SIGHUP too: a closed terminal, or the launcher passing on its own (scripts/start.mjs).
      // A signal that comes again while stopping (Ctrl-C reaches this process from the terminal
      // and from the launcher) is not let kill it half-way.
      const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
      let stop: () => void = () => undefined;
      const stopped = new Promise<void>((resolve) => (stop = resolve));
      for (const signal of signals) process.on(signal, stop);
      if (io.signal?.aborted) stop();
      io.signal?.addEventListener('abort', stop, { once: true });
      await stopped;
      try {
        await server.stop();
      } finally {
        for (const signal of signals) process.off(signal, stop);
      }
      return EXIT.ok;
    },
  );
}
