import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the app's own files are, found from this module's location (it runs from `src/` under tsx
 * and from `out/main/` when bundled): walk up to our package.json.
 */
function packageRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = path.dirname(from);
  for (;;) {
    const candidate = path.join(dir, 'package.json');
    if (existsSync(candidate)) {
      try {
        const json = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: unknown };
        if (json.name === 'quantum-job-studio') return dir;
      } catch {
        /* not ours; keep walking */
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

/** The built renderer bundle (`npm run build` writes it). */
export function defaultRendererDir(): string {
  return path.join(packageRoot(), 'out', 'renderer');
}

/** The folder holding `templates/a` and `templates/b`. */
export function defaultResourcesDir(): string {
  return path.join(packageRoot(), 'resources');
}
