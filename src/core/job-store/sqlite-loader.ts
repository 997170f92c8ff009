import type BetterSqlite3 from 'better-sqlite3';

export type DatabaseConstructor = typeof BetterSqlite3;

/** The binding could not be loaded; the monitor runs without a local store and says why. */
class CacheUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CacheUnavailableError';
  }
}

/**
 * better-sqlite3 is a native module, loaded only when the store is first opened so that a
 * missing or mismatched binary degrades the app to "no local store" instead of stopping it.
 *
 * PACKAGING: the binary in node_modules is built for the Node that runs `npm install`. The
 * Electron app needs it rebuilt for Electron's ABI (`electron-builder install-app-deps`, run by
 * `npm run dist` through electron-builder's npmRebuild) and unpacked from the asar like keytar;
 * with a Node build inside Electron the load fails with NODE_MODULE_VERSION and we land here.
 */
export async function loadSqlite(): Promise<DatabaseConstructor> {
  try {
    const mod = (await import('better-sqlite3')) as {
      default?: DatabaseConstructor;
    } & DatabaseConstructor;
    return mod.default ?? mod;
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new CacheUnavailableError(
      `The local job store (SQLite) could not be loaded: ${why}. Jobs are shown from the service only and nothing is kept for offline use.`,
      { cause: error },
    );
  }
}
