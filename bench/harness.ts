/**
 * A tiny benchmark harness. Each `*.bench.ts` file calls `measure` for its cases; `bench/run.ts`
 * runs every file in its own process (a clean heap per file) and compares with the targets.
 * Targets are generous bounds for the 2-core CI machine: a miss means something regressed by
 * a large factor, not noise.
 */
import { spawnSync } from 'node:child_process';

export interface Target {
  /** Wall-clock milliseconds at most. */
  maxMs?: number;
  /**
   * CPU milliseconds of the process at most (user + system, every thread). For synchronous,
   * single-threaded work it is the time the thread is busy, which is what a person waits for on
   * an idle machine; unlike wall time it barely moves when other jobs share the two cores (wall
   * time was seen at 4× the CPU time under load). Parallel GC threads make it a little larger.
   */
  maxCpuMs?: number;
  /** Growth of the process's resident memory in MiB at most. */
  maxMiB?: number;
}

export interface Options {
  /**
   * Run the work this many times and report the median run (memory: the peak over all runs).
   * For short cases, tens of milliseconds, that one busy moment of a shared machine would
   * otherwise fail; the work must be repeatable.
   */
  runs?: number;
}

export interface Measurement {
  name: string;
  wallMs: number;
  cpuMs: number;
  rssMiB: number;
  target: Target;
  ok: boolean;
  /** How many runs `wallMs` and `cpuMs` are the median of. */
  runs: number;
}

export const MARK = 'BENCH ';

/**
 * Runs a bench file again in a new process with the same flags and `args`, for cases whose
 * memory has to be measured on a clean heap (what ran before in this process leaves its resident
 * size inflated) or that model a fresh start. Its measurements reach the same stdout, where
 * bench/run.ts collects them. Throws when that process fails.
 */
export function inFreshProcess(file: string, args: string[]): void {
  const child = spawnSync(process.execPath, [...process.execArgv, file, ...args], {
    stdio: 'inherit',
  });
  if (child.status !== 0) throw new Error(`${file} ${args.join(' ')} exited ${child.status}`);
}

function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function measure(
  name: string,
  target: Target,
  work: () => unknown | Promise<unknown>,
  options: Options = {},
): Promise<Measurement> {
  const runs = Math.max(1, Math.floor(options.runs ?? 1));
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const maxRssBefore = process.resourceUsage().maxRSS;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const walls: number[] = [];
  const cpus: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      if (run > 0) globalThis.gc?.();
      const cpu = process.cpuUsage();
      const started = performance.now();
      await work();
      walls.push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      cpus.push((used.user + used.system) / 1000);
    }
  } finally {
    clearInterval(sampler);
  }
  const wallMs = median(walls);
  const cpuMs = median(cpus);
  peak = Math.max(peak, process.memoryUsage().rss);
  // The sampler cannot run while synchronous work holds the thread, so a peak inside one long
  // call (a bulk write, a parse) would go unseen. The kernel's high-water mark sees it, but only
  // once it passes every earlier peak of the process: use it when it rose during the work.
  const maxRssAfter = process.resourceUsage().maxRSS;
  if (maxRssAfter > maxRssBefore) peak = Math.max(peak, maxRssAfter * 1024);
  const rssMiB = (peak - rssBefore) / 2 ** 20;
  const ok =
    (target.maxMs === undefined || wallMs <= target.maxMs) &&
    (target.maxCpuMs === undefined || cpuMs <= target.maxCpuMs) &&
    (target.maxMiB === undefined || rssMiB <= target.maxMiB);
  const m: Measurement = {
    name,
    wallMs,
    cpuMs,
    rssMiB,
    target,
    ok,
    runs,
  };
  process.stdout.write(`${MARK}${JSON.stringify(m)}\n`);
  return m;
}

export const RATIO_MARK = 'BENCH-RATIO ';

/**
 * A comparison measured in one run: ours against a peer (another library, a plain loop, the
 * machine's copy bandwidth, an idle server). Absolute times move with the machine; a ratio
 * measured side by side does not, so a regression shows as a ratio past its target.
 */
export interface RatioTarget {
  /** The value must be at most this (e.g. our time over the peer's: ≤ 1 means no slower). */
  atMost?: number;
  /** The value must be at least this (e.g. the peer's time over ours: ≥ 3 means 3× faster). */
  atLeast?: number;
}

export interface Ratio {
  /** The table it belongs to: 'peers', 'floor', 'server', 'poller', 'start', … */
  section: string;
  name: string;
  value: number;
  /** What the value means, e.g. 'qsharp-lang time / ours' or 'fraction of copy bandwidth'. */
  meaning: string;
  target: RatioTarget;
  ok: boolean;
  /** The raw measurements behind it (ms, counts), for the results file and the table. */
  detail: Record<string, number | string>;
}

/** Records a ratio for `bench/run.ts` (printed to stdout with RATIO_MARK, like `measure`). */
export function reportRatio(r: Omit<Ratio, 'ok'>): Ratio {
  const ok =
    Number.isFinite(r.value) &&
    (r.target.atMost === undefined || r.value <= r.target.atMost) &&
    (r.target.atLeast === undefined || r.value >= r.target.atLeast);
  const out: Ratio = { ...r, ok };
  process.stdout.write(`${RATIO_MARK}${JSON.stringify(out)}\n`);
  return out;
}

/**
 * What a side of `interleaved` returns when it timed itself (a peer in another process, whose
 * own clock excludes the pipe and its start): that time counts, not how long the call took here.
 */
export class SelfTimed {
  constructor(readonly ms: number) {}
}

/**
 * Times `sides` interleaved (a, b, a, b, …) `runs` times each and returns each side's median
 * time in ms: a busy moment of a shared machine then hits both sides alike. `clock: 'cpu'`
 * counts this process's CPU time instead of wall time (single-threaded work on a machine shared
 * with other jobs: its wall time stretches, its CPU time barely moves); a side that returns
 * `SelfTimed` reports its own time, on the same clock. With `statistic: 'min'`, each side's
 * fastest run instead of the median: the run least disturbed by other work, for compute-bound
 * cases on a machine whose load comes and goes faster than a run.
 *
 * Each run starts after a forced collection (when `--expose-gc` gave one), so no side pays for
 * the other's garbage; `collect: false` skips it for work of a millisecond or two that makes
 * little garbage, which a full collection just before slows by more than itself (a CZ on 22
 * qubits, 1.0 ms, took 1.5–2.4 ms right after one).
 */
export async function interleaved(
  sides: Record<string, () => unknown | Promise<unknown>>,
  runs = 5,
  clock: 'wall' | 'cpu' = 'wall',
  statistic: 'median' | 'min' = 'median',
  collect = true,
): Promise<Record<string, number>> {
  const times: Record<string, number[]> = {};
  for (const k of Object.keys(sides)) times[k] = [];
  const now = (): number => {
    if (clock === 'wall') return performance.now();
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  };
  for (let i = 0; i < runs; i++) {
    for (const [k, work] of Object.entries(sides)) {
      if (collect) globalThis.gc?.();
      const t = now();
      const result = await work();
      times[k]!.push(result instanceof SelfTimed ? result.ms : now() - t);
    }
  }
  const pick = statistic === 'min' ? (v: number[]) => Math.min(...v) : median;
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, pick(v)]));
}
