import path from 'node:path';
import { parseArgs } from 'node:util';
import type { VariantId } from '../../shared/variants/declaration';
import { createFileLogger } from '../../core/logging/file-logger';
import { defaultConfigDir } from '../../core/profiles/config-dir';
import { openInBrowser } from '../../web/open-browser';
import { RendererBundleMissingError, startWebServer } from '../../web/server';

export interface WebCommandIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /** Stops the server like SIGINT does (for embedding and tests). */
  signal?: AbortSignal;
  /** The built renderer to serve instead of this checkout's `out/renderer` (tests). */
  rendererDir?: string;
}

export const WEB_USAGE = `usage: qjob web [--port N] [--variant A|B] [--data DIR] [--no-open]

Runs Quantum Job Studio in a browser: serves the built app and its backend on
127.0.0.1 and prints one line, "Quantum Job Studio: <address>". The address
carries a per-launch token (after #token=); only a page opened with it can use
the app. Runs until interrupted.

  --port N        port to listen on (default 0: a free port)
  --variant A|B   start on that variant's built-in simulator profile
                  (default: the profile used last, else Variant A)
  --data DIR      settings, drafts, logs and simulator jobs
                  (default: the folder shared with the desktop app and qjob)
  --no-open       do not open the default browser
`;

interface WebArgs {
  port: number;
  variant?: VariantId;
  dataDir: string;
  open: boolean;
}

class UsageError extends Error {}

export function parseWebArgs(argv: string[]): WebArgs | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        variant: { type: 'string' },
        data: { type: 'string' },
        'no-open': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const v = parsed.values;
  if (v.help) return 'help';
  const port = v.port === undefined ? 0 : Number(v.port);
  if (
    v.port !== undefined &&
    (v.port.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65535)
  ) {
    throw new UsageError(`--port must be an integer from 0 to 65535, got '${v.port}'`);
  }
  if (v.variant !== undefined && v.variant !== 'A' && v.variant !== 'B') {
    throw new UsageError(`--variant must be A or B, got '${v.variant}'`);
  }
  if (v.data === '') throw new UsageError('--data must not be empty');
  return {
    port,
    ...(v.variant ? { variant: v.variant } : {}),
    dataDir: path.resolve(v.data ?? defaultConfigDir()),
    open: !v['no-open'],
  };
}

/** `qjob web`: exit code 0 after an interrupt, 1 when the server cannot start, 2 on usage errors. */
export async function runWebCommand(argv: string[], io: WebCommandIo): Promise<number> {
  let args: WebArgs | 'help';
  try {
    args = parseWebArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`qjob web: ${error.message}\n${WEB_USAGE}`);
    return 2;
  }
  if (args === 'help') {
    io.stdout(WEB_USAGE);
    return 0;
  }
  const logger = createFileLogger({ dir: path.join(args.dataDir, 'logs'), fileName: 'web.log' });
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
    io.stderr(`qjob web: ${message}\n`);
    return 1;
  }
  io.stdout(`Quantum Job Studio: ${server.url}\n`);
  if (args.open) openInBrowser(server.url, (message) => io.stderr(`qjob web: ${message}\n`));

  await new Promise<void>((resolve) => {
    const done = () => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
    if (io.signal?.aborted) done();
    io.signal?.addEventListener('abort', done, { once: true });
  });
  await server.stop();
  return 0;
}
