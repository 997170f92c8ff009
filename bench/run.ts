/**
 * `npm run bench`: runs every bench/*.bench.ts in its own process and prints one table.
 * Exits 1 when a case misses its target. `npm run bench -- engine` runs only matching files.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MARK } from './harness';
import type { Measurement } from './harness';

const dir = import.meta.dirname;
const filter = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filter.length === 0 || filter.some((x) => f.includes(x)))
  .sort();

const results: (Measurement & { file: string })[] = [];
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
const header = ['', 'file', 'case', 'wall', 'cpu', 'target', 'memory', 'target'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
for (const row of [header, ...rows]) {
  console.log(row.map((c, i) => c.padEnd(widths[i]!)).join('  '));
}
const missed = results.filter((m) => !m.ok).length;
console.log(
  `\n${results.length - missed} within target, ${missed} missed, ${crashed} files failed`,
);
process.exit(missed > 0 || crashed > 0 ? 1 : 0);
