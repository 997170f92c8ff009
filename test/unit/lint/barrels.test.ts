import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One rule for barrels: an `index.ts` under src is there because the code enters its folder
 * through it. One that no file of src imports is a second way into the folder that nothing takes
 * (tests then import through it and keep it alive), so it goes, and the files are imported by
 * their own names. The bundles' entry points are not barrels: electron.vite.config.ts names them.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SPECIFIER =
  /(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)['"](\.[^'"?]*)(?:\?[^'"]*)?['"]/g;
const ENTRY_POINTS = ['src/main/index.ts', 'src/preload/index.ts'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The `index.ts` files of `sources` (path from the repository root, with /, → text) that no other
 * file of `sources` imports, by its folder (`'../jobs'`) or by name (`'../jobs/index'`).
 */
function unimportedBarrels(sources: ReadonlyMap<string, string>): string[] {
  const imported = new Set<string>();
  for (const [file, text] of sources) {
    for (const [, spec] of text.matchAll(SPECIFIER)) {
      const target = path.posix.join(path.posix.dirname(file), spec!);
      imported.add(target.replace(/\/index(\.ts)?$/, ''));
    }
  }
  return [...sources.keys()]
    .filter((file) => path.posix.basename(file) === 'index.ts')
    .filter((file) => !imported.has(path.posix.dirname(file)) && !ENTRY_POINTS.includes(file))
    .sort();
}

function sourcesOf(dir: string): Map<string, string> {
  return new Map(
    filesUnder(path.join(ROOT, dir)).map((file) => [
      path.relative(ROOT, file).split(path.sep).join('/'),
      readFileSync(file, 'utf8'),
    ]),
  );
}

describe('barrels', () => {
  it('are index.ts files that src imports; none stands unused', () => {
    expect(unimportedBarrels(sourcesOf('src'))).toEqual([]);
  });

  it("leave out only the bundles' entry points, which electron.vite.config.ts names", () => {
    const config = readFileSync(path.join(ROOT, 'electron.vite.config.ts'), 'utf8');
    for (const entry of ENTRY_POINTS) expect(config).toContain(`resolve('${entry}')`);
  });

  it('finds an index.ts that nothing imports, and takes both ways of importing one', () => {
    const sources = new Map([
      [
        'src/core/app/x.ts',
        "import { a } from '../jobs';\nimport type { B } from '../auth/index';",
      ],
      ['src/core/jobs/index.ts', "export * from './poller';"],
      ['src/core/auth/index.ts', "export * from './session';"],
      ['src/core/logging/index.ts', "export * from './logger';"],
      ['src/main/index.ts', "import { c } from '../core/app/x';"],
    ]);
    expect(unimportedBarrels(sources)).toEqual(['src/core/logging/index.ts']);
  });
});
