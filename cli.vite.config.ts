import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * The `qjob` command, bundled for Node into out/cli (`npm run build`), so a command starts
 * without compiling TypeScript first; bin/qjob.js runs it when it is newer than its sources.
 *
 * - Each command stays its own chunk (src/cli/main.ts imports them lazily): `qjob --help` loads
 *   only main.js.
 * - Chunks sit beside main.js, not in a sub-folder: the simulator's engine pool finds its worker
 *   as `./engine-worker.js` next to the chunk that holds the pool (ENGINE_WORKER_BUNDLE_FILE in
 *   src/simulator/engine/engine-thread.ts; the second entry below).
 * - Pure-JS dependencies (zod, yaml) are bundled in; the native modules (keytar,
 *   better-sqlite3, loaded only when needed) and ws (optional native add-ons) stay in
 *   node_modules.
 */
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'out/cli',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: {
      input: {
        main: resolve('src/cli/main.ts'),
        'engine-worker': resolve('src/simulator/engine/pool/worker.ts'),
      },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
  ssr: { noExternal: true, external: ['keytar', 'better-sqlite3', 'ws'] },
});
