import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import ts from 'typescript';

/**
 * The renderer's floors, lowest first (src/renderer/README.md says what goes where). A file may
 * import its own floor, the floors below it and src/shared; a feature may not import another
 * feature. `main.tsx` is the entry and sits above every floor.
 */
export const FLOORS = ['ui', 'services', 'state', 'features', 'shell'] as const;
export type Floor = (typeof FLOORS)[number] | 'entry';

/** The floor of a path relative to src/renderer, or null when it is on none. */
export function floorOf(path: string): Floor | null {
  const [top] = path.split('/');
  if (path === 'main.tsx') return 'entry';
  // The global style sheets are the lowest thing there is: anything may load them.
  if (top === 'styles') return 'ui';
  return (FLOORS as readonly string[]).includes(top!) ? (top as Floor) : null;
}

function rank(floor: Floor): number {
  return floor === 'entry' ? FLOORS.length : FLOORS.indexOf(floor);
}

/** `features/<name>/…` or `features/<name>` (its index) → `<name>`. */
function featureOf(path: string): string | null {
  const parts = path.split('/');
  return parts[0] === 'features' && parts.length > 1 ? parts[1]! : null;
}

/** Every module a source text names: static, type-only, re-exports, dynamic `import()`. */
export function importsOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/**
 * What is wrong with one import of one file (paths relative to src/renderer, `/`-separated),
 * or null when it is allowed. Packages (bare names) are the lint rules' business, not this.
 */
export function floorViolation(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = normalize(join(dirname(from), specifier.replace(/\?.*$/, '')))
    .split(sep)
    .join('/');
  const fromFloor = floorOf(from);
  if (fromFloor === null) return `${from} is on no floor (${FLOORS.join(', ')}, or main.tsx)`;
  if (target.startsWith('../')) {
    const [, top] = target.split('/');
    return top === 'shared'
      ? null
      : `${from} imports ${specifier}: outside src/renderer the renderer may import only src/shared`;
  }
  const toFloor = floorOf(target);
  if (toFloor === null) return `${from} imports ${specifier}, which is on no floor`;
  if (rank(toFloor) > rank(fromFloor)) {
    return `${from} (${fromFloor}) imports ${specifier} (${toFloor}): a floor may import only the floors below it`;
  }
  const a = featureOf(from);
  const b = featureOf(target);
  if (a !== null && b !== null && a !== b) {
    return `${from} imports ${specifier}: features do not import each other; move what they share down to ui, services or state`;
  }
  return null;
}

/** What `check` finds wrong with every import of a tree of sources (path relative to src/renderer → text). */
function importViolations(
  sources: Map<string, string>,
  check: (from: string, specifier: string) => string | null,
): string[] {
  const found: string[] = [];
  for (const [path, text] of sources) {
    for (const specifier of importsOf(text)) {
      const problem = check(path, specifier);
      if (problem) found.push(problem);
    }
  }
  return found;
}

/** Every floor violation in a tree of sources. */
export function floorViolations(sources: Map<string, string>): string[] {
  return importViolations(sources, floorViolation);
}

/** The renderer's TypeScript sources, keyed by their path relative to `root`. */
export function readSources(root: string): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) {
        sources.set(relative(root, path).split(sep).join('/'), readFileSync(path, 'utf8'));
      }
    }
  };
  walk(root);
  return sources;
}

/** The floors whose files reach the core only through the stores (src/renderer/README.md). */
export const STORES_ONLY: readonly Floor[] = ['ui', 'features', 'shell'];

/**
 * What is wrong with one import of one file when it reaches the services layer's qjob client
 * (`services/qjob.ts`) from ui, features or shell, or null. Those call stores; stores call it.
 */
export function qjobViolation(from: string, specifier: string): string | null {
  const floor = floorOf(from);
  if (!specifier.startsWith('.') || floor === null || !STORES_ONLY.includes(floor)) return null;
  const target = normalize(join(dirname(from), specifier.replace(/\?.*$/, '')))
    .split(sep)
    .join('/')
    .replace(/\.tsx?$/, '');
  return target === 'services/qjob'
    ? `${from} imports ${specifier}: only the stores (state/) call services/qjob; ${floor} calls a store`
    : null;
}

/** Every import of the qjob client from ui, features or shell in a tree of sources. */
export function qjobViolations(sources: Map<string, string>): string[] {
  return importViolations(sources, qjobViolation);
}
