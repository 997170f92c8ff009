import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BenchResults } from '../../../bench/results-table';
import { END, START, readResults, renderResults, withResults } from '../../../bench/results-table';

const root = path.join(import.meta.dirname, '..', '..', '..');

const sample: BenchResults = {
  date: '2026-11-25T15:00:00.000Z',
  machine: { cpus: 2, cpu: 'Test CPU', node: 'v20.20.0' },
  ratios: [
    {
      file: 'poller.bench.ts',
      section: 'poller',
      name: 'requests | 1000 jobs',
      value: 37.5,
      meaning: 'plain / ours',
      target: { atLeast: 1 },
      ok: true,
      detail: {},
    },
    {
      file: 'parsing.bench.ts',
      section: 'parsing',
      name: '1 MB',
      value: 3.4,
      meaning: 'ours / js-yaml',
      target: { atMost: 3 },
      ok: false,
      detail: {},
    },
  ],
  measurements: [
    {
      file: 'cli-start.bench.ts',
      name: 'qjob --help',
      wallMs: 101.4,
      cpuMs: 90,
      rssMiB: 50,
      target: { maxMs: 200 },
      ok: true,
      runs: 5,
    },
  ],
};

describe('the README’s benchmark table', () => {
  it('renders every ratio and measurement with its target and whether it was met', () => {
    const text = renderResults(sample);
    expect(text).toContain('2 of 3 within target');
    expect(text).toContain('| poller | requests \\| 1000 jobs | 37.5 | plain / ours | ≥ 1 | ok |');
    expect(text).toContain('| parsing | 1 MB | 3.40 | ours / js-yaml | ≤ 3 | **missed** |');
    expect(text).toContain('| cli-start | qjob --help | 101 ms wall, 90.0 ms CPU, 50.0 MiB');
    // The missed case first, on its own, then all three in the collapsed table.
    expect(text.indexOf('Missed:')).toBeLessThan(text.indexOf('<summary>All 3 cases</summary>'));
    expect(text.split('| parsing | 1 MB |')).toHaveLength(3);
  });

  it('replaces only the block between the markers, and refuses a README without them', () => {
    const readme = `# x\n\n${START}\nold\n${END}\n\nafter\n`;
    const next = withResults(readme, sample);
    expect(next.startsWith(`# x\n\n${START}\n`)).toBe(true);
    expect(next.endsWith(`${END}\n\nafter\n`)).toBe(true);
    expect(next).not.toContain('old');
    expect(() => withResults('# no markers', sample)).toThrow(/no <!-- bench:results -->/);
  });

  it('in README.md agrees with bench/results.json (run `npx tsx bench/results-table.ts`)', () => {
    expect(existsSync(path.join(root, 'bench', 'results.json'))).toBe(true);
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(withResults(readme, readResults())).toBe(readme);
  });
});
