/**
 * The README's table of the last full `npm run bench`, rendered from `bench/results.json`
 * between the markers `<!-- bench:results -->` and `<!-- /bench:results -->`. `bench/run.ts`
 * writes it after a full run; `npx tsx bench/results-table.ts --check` (run by the unit tests)
 * says when the README and the results file disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Measurement, Ratio } from './harness';

export interface BenchResults {
  date: string;
  machine: { cpus: number; cpu: string; node: string };
  measurements: (Measurement & { file: string })[];
  ratios: (Ratio & { file: string })[];
}

export const START = '<!-- bench:results -->';
export const END = '<!-- /bench:results -->';

const num = (n: number | null) =>
  n === null || !Number.isFinite(n)
    ? 'n/a'
    : Math.abs(n) >= 100
      ? Math.round(n).toLocaleString('en-US')
      : Math.abs(n) >= 10
        ? n.toFixed(1)
        : n.toFixed(2);

const cell = (s: string) => s.replaceAll('|', '\\|');

function ratioTarget(r: Ratio): string {
  const parts = [];
  if (r.target.atLeast !== undefined) parts.push(`≥ ${r.target.atLeast}`);
  if (r.target.atMost !== undefined) parts.push(`≤ ${r.target.atMost}`);
  return parts.join(', ') || '—';
}

function measurementTarget(m: Measurement): string {
  return [
    m.target.maxMs === undefined ? '' : `wall ≤ ${m.target.maxMs} ms`,
    m.target.maxCpuMs === undefined ? '' : `CPU ≤ ${m.target.maxCpuMs} ms`,
    m.target.maxMiB === undefined ? '' : `≤ ${m.target.maxMiB} MiB`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The Markdown between the markers, from a results file: the missed cases, then all of them. */
export function renderResults(r: BenchResults): string {
  const ratioRow = (x: Ratio) =>
    `| ${x.section} | ${cell(x.name)} | ${num(x.value)} | ${cell(x.meaning)} | ${ratioTarget(x)} | ${x.ok ? 'ok' : '**missed**'} |`;
  const measurementRow = (m: Measurement & { file: string }) =>
    `| ${m.file.replace('.bench.ts', '')} | ${cell(m.name)} | ${num(m.wallMs)} ms wall, ${num(m.cpuMs)} ms CPU, ${num(m.rssMiB)} MiB | absolute | ${measurementTarget(m) || '—'} | ${m.ok ? 'ok' : '**missed**'} |`;
  const head = ['| section | case | value | meaning | target | |', '|---|---|---|---|---|---|'];
  const rows = [...r.ratios.map(ratioRow), ...r.measurements.map(measurementRow)];
  const missed = [
    ...r.ratios.filter((x) => !x.ok).map(ratioRow),
    ...r.measurements.filter((m) => !m.ok).map(measurementRow),
  ];
  const lines = [
    `Last full run: ${r.date.slice(0, 10)}, ${r.machine.cpus} × ${r.machine.cpu.trim() || 'unknown CPU'}, Node ${r.machine.node}` +
      ` (\`bench/results.json\`). ${rows.length - missed.length} of ${rows.length} within target.`,
    '',
  ];
  if (missed.length) lines.push('Missed:', '', ...head, ...missed, '');
  lines.push(
    '<details>',
    `<summary>All ${rows.length} cases</summary>`,
    '',
    ...head,
    ...rows,
    '',
    '</details>',
  );
  return lines.join('\n');
}

/** The README with its block replaced (the markers must be there). */
export function withResults(readme: string, r: BenchResults): string {
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md has no ${START} … ${END} block`);
  return `${readme.slice(0, from + START.length)}\n${renderResults(r)}\n${readme.slice(to)}`;
}

const root = join(import.meta.dirname, '..');

export function readResults(): BenchResults {
  return JSON.parse(readFileSync(join(root, 'bench', 'results.json'), 'utf8')) as BenchResults;
}

if (process.argv[1] === import.meta.filename) {
  const readmeFile = join(root, 'README.md');
  const readme = readFileSync(readmeFile, 'utf8');
  const next = withResults(readme, readResults());
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      console.error(
        'README.md’s benchmark table differs from bench/results.json: run `npx tsx bench/results-table.ts`.',
      );
      process.exit(1);
    }
  } else writeFileSync(readmeFile, next);
}
