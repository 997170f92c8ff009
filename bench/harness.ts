/**
 * A tiny benchmark harness. Each `*.bench.ts` file calls `measure` for its cases; `bench/run.ts`
 * runs every file in its own process (a clean heap per file) and compares with the targets.
 * Targets are generous bounds for the 2-core CI machine: a miss means something regressed by
 * a large factor, not noise.
 */
export interface Target {
  /** Wall-clock milliseconds at most. */
  maxMs?: number;
  /** Growth of the process's resident memory in MiB at most. */
  maxMiB?: number;
}

export interface Measurement {
  name: string;
  wallMs: number;
  cpuMs: number;
  rssMiB: number;
  target: Target;
  ok: boolean;
}

export const MARK = 'BENCH ';

export async function measure(
  name: string,
  target: Target,
  work: () => unknown | Promise<unknown>,
): Promise<Measurement> {
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const maxRssBefore = process.resourceUsage().maxRSS;
  const cpu = process.cpuUsage();
  const started = performance.now();
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  peak = Math.max(peak, process.memoryUsage().rss);
  // The sampler cannot run while synchronous work holds the thread, so a peak inside one long
  // call (a bulk write, a parse) would go unseen. The kernel's high-water mark sees it, but only
  // once it passes every earlier peak of the process: use it when it rose during the work.
  const maxRssAfter = process.resourceUsage().maxRSS;
  if (maxRssAfter > maxRssBefore) peak = Math.max(peak, maxRssAfter * 1024);
  const rssMiB = (peak - rssBefore) / 2 ** 20;
  const ok =
    (target.maxMs === undefined || wallMs <= target.maxMs) &&
    (target.maxMiB === undefined || rssMiB <= target.maxMiB);
  const m: Measurement = {
    name,
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    rssMiB,
    target,
    ok,
  };
  process.stdout.write(`${MARK}${JSON.stringify(m)}\n`);
  return m;
}
