import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * An executable in `dir` that stands in for Chromium (a real one needs a display): it writes
 * the arguments it was started with to a file. `args()` resolves them once it has run.
 */
export function standInBrowser(dir: string, name = 'chromium') {
  const argsFile = path.join(dir, `${name}-args.txt`);
  const file = path.join(dir, name);
  writeFileSync(file, `#!/bin/sh\nprintf '%s\\n' "$@" > '${argsFile}'\n`);
  chmodSync(file, 0o755);
  return {
    file,
    args: () =>
      until(
        () => (existsSync(argsFile) ? readFileSync(argsFile, 'utf8').trim().split('\n') : null),
        `${name} was started`,
      ),
  };
}

/** Polls `probe` until it gives a value (up to 30 s); the error names what never happened. */
export async function until<T>(probe: () => T | null, what: string | (() => string)): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = probe();
    if (value !== null) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never happened: ${typeof what === 'string' ? what : what()}`);
}
