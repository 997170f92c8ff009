#!/usr/bin/env node
// The `qjob` command. Plain ESM, so it runs as it is.
//
// It runs the bundle `npm run build` writes (out/cli/main.js: starts in tens of milliseconds)
// when that bundle is newer than every file it is built from. In a checkout being worked on (a
// source file changed since the build, or no build yet) it compiles the TypeScript sources on the
// fly with tsx instead (registered for this process only), so an edit is never run stale.
// QJOB_CLI_FROM=bundle or =source forces one of the two.
import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BUNDLE = new URL('../out/cli/main.js', import.meta.url);
const SOURCE = new URL('../src/cli/main.ts', import.meta.url);
/** What the bundle is built from (cli.vite.config.ts): a change to any of them makes it stale. */
const INPUTS = [
  'src/cli',
  'src/core',
  'src/node-kit',
  'src/shared',
  'src/simulator',
  'src/web',
  'package-lock.json',
  'cli.vite.config.ts',
];

function modifiedAt(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/** The newest modification time under `file` (a file or a folder); 0 when it does not exist. */
function newestUnder(file) {
  let entries;
  try {
    entries = readdirSync(file, { withFileTypes: true });
  } catch {
    return modifiedAt(file) ?? 0;
  }
  let newest = 0;
  for (const entry of entries) {
    const child = `${file}/${entry.name}`;
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(child) : (modifiedAt(child) ?? 0));
  }
  return newest;
}

function bundleIsCurrent() {
  const built = modifiedAt(BUNDLE);
  if (built === null) return false;
  // An installed copy has no sources: the bundle is all there is.
  if (modifiedAt(SOURCE) === null) return true;
  const root = fileURLToPath(new URL('..', import.meta.url));
  return INPUTS.every((input) => newestUnder(root + input) <= built);
}

async function loadMain() {
  const from = process.env.QJOB_CLI_FROM;
  if (from === 'bundle' && modifiedAt(BUNDLE) === null) {
    process.stderr.write(
      'qjob: QJOB_CLI_FROM=bundle, but there is no out/cli/main.js: run `npm run build`\n',
    );
    process.exit(1);
  }
  if (from !== 'source' && (from === 'bundle' || bundleIsCurrent())) {
    return { ...(await import(BUNDLE.href)), unregister: async () => {} };
  }
  const { register } = await import('tsx/esm/api');
  const unregister = register();
  return { ...(await import(SOURCE.href)), unregister };
}

const { main, unregister } = await loadMain();

const controller = new AbortController();
let interrupted = false;
const onSignal = () => {
  // The first Ctrl-C stops waiting cleanly; a second one ends the process at once.
  if (interrupted) process.exit(130);
  interrupted = true;
  controller.abort();
};
process.on('SIGINT', onSignal);

const code = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
  signal: controller.signal,
  isTTY: Boolean(process.stdout.isTTY),
  ownsProcess: true,
});
await unregister();
process.off('SIGINT', onSignal);
// Let stdout drain before leaving; piped output must not be cut short.
process.exitCode = interrupted && code !== 0 ? 130 : code;
