/** A job of the service's list, as far as finding a lost submission needs it. */
export interface ListedJob {
  id: number;
  name: string;
  createdAt: string;
}

/**
 * The service's clocks may differ from this machine's: a job created for a request sent at T is
 * looked for from T minus this margin on.
 */
export const CLOCK_SKEW_MARGIN_MS = 10 * 60_000;

/**
 * The job a lost submission made, if the list has it: named exactly as the member, created no
 * earlier than its request left (less the clock margin), and not already another member's job.
 * The newest such job wins (a later attempt of the same member).
 */
export function findSubmitted(
  jobs: readonly ListedJob[],
  member: { name: string; sentAt: string | null },
  taken: ReadonlySet<number>,
): number | null {
  const since = member.sentAt ? Date.parse(member.sentAt) - CLOCK_SKEW_MARGIN_MS : -Infinity;
  let best: ListedJob | null = null;
  for (const job of jobs) {
    if (job.name !== member.name || taken.has(job.id)) continue;
    const created = Date.parse(job.createdAt);
    if (Number.isFinite(created) && created < since) continue;
    if (!best || job.id > best.id) best = job;
  }
  return best?.id ?? null;
}
