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
