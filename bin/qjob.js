#!/usr/bin/env node
// The `qjob` command. Plain ESM so it runs without a build step: tsx compiles the TypeScript
// sources on the fly (registered for this process only, not globally).
import { register } from 'tsx/esm/api';

const unregister = register();
const { main } = await import('../src/cli/main.ts');

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
});
await unregister();
process.off('SIGINT', onSignal);
// Let stdout drain before leaving; piped output must not be cut short.
process.exitCode = interrupted && code !== 0 ? 130 : code;
