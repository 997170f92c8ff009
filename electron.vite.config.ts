import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

/**
 * Three bundles: main (Node + Electron), preload (sandboxed, so CommonJS with everything
 * bundled in: a sandboxed preload can require only `electron`), renderer (browser).
 * The simulator's physics worker is a separate main-side entry so worker_threads can load it.
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          // SIMULATOR WORKER ENTRY: the embedded simulator's physics runs in worker_threads and
          // loads `./engine-worker.js` beside the main bundle (ENGINE_WORKER_BUNDLE_FILE in
          // src/simulator/engine/engine-thread.ts). Keep the two names in step.
          'engine-worker': resolve('src/simulator/engine/pool/worker.ts'),
        },
        output: { entryFileNames: '[name].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    base: './',
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves the renderer unminified; Monaco and the YAML worker are most of it
      // (11.6 MB -> 6.3 MB): less to read from the asar and to parse at every start.
      minify: true,
      rollupOptions: { input: resolve('src/renderer/index.html') },
    },
    plugins: [react()],
  },
});
