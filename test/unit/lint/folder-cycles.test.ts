import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Inside core and inside the simulator, the folders import each other without a cycle
 * (`job-store`, then named `cache`, and `app` once did, through AppError; the simulator's
 * `circuits` and `physics` did, and both imported `run` for its Work): a folder can be read,
 * tested and moved knowing only the ones below.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SPECIFIER = /(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"](\.[^'"]*)['"]/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Which top folder of `floor` imports which: `app -> job-store` for src/core/app/x.ts →
 * ../job-store/y.
 * The folders named in `inside` are read one level deeper (the simulator's `engine` is a floor
 * of folders): `engine/circuits -> engine/physics`. A file that lies loose in a folder is a node
 * of its own (`index.ts`, `engine/work.ts`).
 */
function folderGraph(floor: string, inside: string[] = []): Map<string, Set<string>> {
  const root = path.join(ROOT, floor);
  const folder = (file: string) => {
    const parts = path.relative(root, file).split(path.sep);
    return inside.includes(parts[0]!) && parts.length > 1 ? parts.slice(0, 2).join('/') : parts[0]!;
  };
  const graph = new Map<string, Set<string>>();
  for (const file of filesUnder(root)) {
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = path.resolve(path.dirname(file), spec!);
      if (!target.startsWith(root + path.sep)) continue;
      const [from, to] = [folder(file), folder(target)];
      if (from === to) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** Every cycle's path, as `a -> b -> a`, found by depth-first search. */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const visit = (node: string, trail: string[]) => {
    const at = trail.indexOf(node);
    if (at >= 0) return void found.push([...trail.slice(at), node].join(' -> '));
    if (done.has(node)) return;
    for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
    done.add(node);
  };
  for (const node of graph.keys()) visit(node, []);
  return found;
}

describe("the simulator's folders", () => {
  it('import each other without a cycle, the engine read folder by folder', () => {
    const graph = folderGraph('src/simulator', ['engine']);
    expect(graph.get('engine/circuits')).toContain('engine/physics');
    expect(graph.get('server')).toContain('auth');
    expect(cycles(graph)).toEqual([]);
  });
});

describe("core's folders", () => {
  it('import each other without a cycle', () => {
    const graph = folderGraph('src/core');
    expect(graph.get('app')).toContain('job-store');
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['app', new Set(['job-store', 'client'])],
      ['job-store', new Set(['app'])],
    ]);
    expect(cycles(graph)).toEqual(['app -> job-store -> app']);
  });
});
