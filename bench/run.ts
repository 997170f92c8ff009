/**
 * `npm run bench`: runs every bench/*.bench.ts in its own process and prints one table.
 * Exits 1 when a case misses its target. `npm run bench -- engine` runs only matching files.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { MARK, RATIO_MARK } from './harness';
import type { Measurement, Ratio } from './harness';
import { readResults, withResults } from './results-table';

const dir = import.meta.dirname;
const filter = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filter.length === 0 || filter.some((x) => f.includes(x)))
  .sort();

const results: (Measurement & { file: string })[] = [];
const ratios: (Ratio & { file: string })[] = [];
let crashed = 0;
for (const file of files) {
  process.stderr.write(`running ${file}...\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', join(dir, file)], {
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  });
  for (const line of r.stdout.split('\n')) {
    if (line.startsWith(MARK))
      results.push({ ...(JSON.parse(line.slice(MARK.length)) as Measurement), file });
    if (line.startsWith(RATIO_MARK))
      ratios.push({ ...(JSON.parse(line.slice(RATIO_MARK.length)) as Ratio), file });
  }
  if (r.status !== 0) {
    crashed += 1;
    process.stderr.write(`${file} failed (exit ${r.status}):\n${r.stderr}\n`);
  }
}

const fmt = (n: number) => n.toFixed(n < 10 ? 1 : 0);
const rows = results.map((m) => [
  m.ok ? 'ok' : 'MISS',
  m.file.replace('.bench.ts', ''),
  m.runs > 1 ? `${m.name} (median of ${m.runs})` : m.name,
  `${fmt(m.wallMs)} ms`,
  `${fmt(m.cpuMs)} ms`,
  [
    m.target.maxMs === undefined ? '' : `wall ≤ ${m.target.maxMs} ms`,
    m.target.maxCpuMs === undefined ? '' : `cpu ≤ ${m.target.maxCpuMs} ms`,
  ]
    .filter(Boolean)
    .join(', '),
  `${fmt(m.rssMiB)} MiB`,
  m.target.maxMiB === undefined ? '' : `≤ ${m.target.maxMiB} MiB`,
]);
printTable(['', 'file', 'case', 'wall', 'cpu', 'target', 'memory', 'target'], rows);

// A ratio that could not be measured (NaN) reaches here as null (JSON has no NaN).
const fmtRatio = (n: number | null) =>
  n === null || !Number.isFinite(n)
    ? 'not measured'
    : Math.abs(n) >= 100
      ? n.toFixed(0)
      : n.toPrecision(3);
for (const section of [...new Set(ratios.map((r) => r.section))]) {
  console.log(`\n${section}`);
  printTable(
    ['', 'case', 'ratio', 'target', 'meaning', 'measured'],
    ratios
      .filter((r) => r.section === section)
      .map((r) => [
        r.ok ? 'ok' : 'MISS',
        r.name,
        fmtRatio(r.value),
        [
          r.target.atLeast === undefined ? '' : `≥ ${r.target.atLeast}`,
          r.target.atMost === undefined ? '' : `≤ ${r.target.atMost}`,
        ]
          .filter(Boolean)
          .join(', '),
        r.meaning,
        Object.entries(r.detail)
          .map(([k, v]) => `${k} ${typeof v === 'number' ? fmtRatio(v) : v}`)
          .join(', '),
      ]),
  );
}

const missed = results.filter((m) => !m.ok).length + ratios.filter((r) => !r.ok).length;
const total = results.length + ratios.length;
console.log(`\n${total - missed} within target, ${missed} missed, ${crashed} files failed`);

// The last run, kept beside the benches (a full run only: a filtered one would drop the rest).
if (filter.length === 0) {
  writeFileSync(
    join(dir, 'results.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? '', node: process.version },
        measurements: results,
        ratios,
      },
      null,
      2,
    ) + '\n',
  );
  // The README's table follows the results file (bench/results-table.ts).
  const readme = join(dir, '..', 'README.md');
  writeFileSync(readme, withResults(readFileSync(readme, 'utf8'), readResults()));
}
process.exit(missed > 0 || crashed > 0 ? 1 : 0);

function printTable(header: string[], body: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  for (const row of [header, ...body]) {
    console.log(row.map((c, i) => c.padEnd(widths[i]!)).join('  '));
  }
}
