/**
 * Requests the job poller makes to watch 1,000 running jobs for 10 minutes (issue 13), against
 * the plain way: asking for each job every 5 s (120,000 requests). Time is simulated: the
 * poller's timers run on a virtual clock that jumps to the next due timer, and the service is
 * an in-process fetch that counts requests and answers at once, so ten minutes take a moment.
 * Variant B's job records carry their status, so one `GET /jobs` serves every job. Variant A's
 * do too on the real service (qilisdk 0.2.x requires it), and then one list serves every job
 * as in B. The specification leaves it unshown in A: without it, past a few watched jobs one
 * list serves them too (its records carry `completed_at`), and the jobs whose records come
 * without a status are also asked for their error text now and then, at a rate that stays
 * bounded however many jobs are watched (src/core/jobs/cadence.ts). Variant A is run both
 * ways: with status (the real service) and without any (the costly case).
 *
 * Target: both variants, no more requests than polling each job every 5 s (value = plain / ours
 * ≥ 1).
 */
import { createServiceClient } from '../src/core/client/service-client';
import { JobPoller } from '../src/core/jobs/poller';
import type { VariantId } from '../src/shared/variants';
import { BASE_URL, fakeFetch, jsonResponse } from '../test/support/fake-fetch';
import { jobInfo, wireJobDetail, wireJobList } from '../test/support/wire-fixtures';
import { reportRatio } from './harness';

const JOBS = 1_000;
const WATCH_MS = 10 * 60_000;
const PLAIN_EVERY_MS = 5_000;

/**
 * setTimeout and clearTimeout on a virtual clock while installed: `runUntil` lets every promise
 * settle, then jumps to the earliest timer and fires it, until the given time.
 */
class VirtualClock {
  now = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();
  private nextId = 1;
  private readonly real = { set: globalThis.setTimeout, clear: globalThis.clearTimeout };

  install(): void {
    globalThis.setTimeout = ((fn: () => void, ms?: number) => {
      const id = this.nextId++;
      this.timers.set(id, { at: this.now + Math.max(0, ms ?? 0), fn });
      return id;
    }) as unknown as typeof setTimeout;
    globalThis.clearTimeout = ((id: number) => {
      this.timers.delete(id);
    }) as unknown as typeof clearTimeout;
  }

  uninstall(): void {
    globalThis.setTimeout = this.real.set;
    globalThis.clearTimeout = this.real.clear;
  }

  async runUntil(until: number): Promise<void> {
    for (;;) {
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
      let first: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of this.timers) if (!first || entry[1].at < first[1].at) first = entry;
      if (!first || first[1].at > until) return;
      this.timers.delete(first[0]);
      this.now = first[1].at;
      first[1].fn();
    }
  }
}

async function requestsToWatch(variant: VariantId, withStatus: boolean): Promise<number> {
  const infos = Array.from({ length: JOBS }, (_, i) => jobInfo(i + 1, 'running'));
  // Variant A may leave `status` out: then only lookups by id with the error text say more.
  const statusless = (wire: Record<string, unknown>) => {
    if (!withStatus) delete wire.status;
    return wire;
  };
  const fetch = fakeFetch((req) => {
    if (req.path === '/jobs') {
      const list = wireJobList(variant, infos);
      list.items.forEach(statusless);
      return jsonResponse(list);
    }
    const id = Number(/^\/jobs\/(\d+)$/.exec(req.path)?.[1]);
    return jsonResponse(statusless(wireJobDetail(variant, infos[id - 1]!)));
  });
  const clock = new VirtualClock();
  clock.install();
  try {
    const client = createServiceClient({
      baseUrl: BASE_URL,
      variant,
      fetch,
      retry: { retries: 0 },
    });
    const poller = new JobPoller({ client, now: () => clock.now });
    for (const info of infos) poller.watch(info.id);
    await clock.runUntil(WATCH_MS);
    poller.stop();
    return fetch.calls.length;
  } finally {
    clock.uninstall();
  }
}

const CASES: { variant: VariantId; withStatus: boolean; label: string }[] = [
  { variant: 'B', withStatus: true, label: 'Variant B' },
  { variant: 'A', withStatus: true, label: 'Variant A, list with status' },
  { variant: 'A', withStatus: false, label: 'Variant A, records without status' },
];

const plain = JOBS * (WATCH_MS / PLAIN_EVERY_MS);
for (const { variant, withStatus, label } of CASES.filter(
  (c) => !process.argv[2] || c.variant === process.argv[2],
)) {
  const ours = await requestsToWatch(variant, withStatus);
  reportRatio({
    section: 'poller',
    name: `requests to watch ${JOBS} running jobs for 10 min, ${label}: every 5 s / ours`,
    value: plain / ours,
    meaning: 'plain polling requests / ours',
    target: { atLeast: 1 },
    detail: {
      ours,
      plain,
      perJobEverySeconds: Number((((WATCH_MS / 1000) * JOBS) / ours).toFixed(2)),
    },
  });
}
