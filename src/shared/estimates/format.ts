import type { Estimate, StuckVerdict } from './estimate';

/**
 * A duration rounded as an estimate deserves: "< 1 s", "8 s", "2 min", "1 h 20 min", "3 d 4 h".
 * Never more digits than the estimate has.
 */
export function roughDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  const s = Math.max(0, ms) / 1000;
  if (s < 1) return '< 1 s';
  if (s < 90) return `${Math.round(s)} s`;
  const m = Math.round(s / 60);
  if (m < 90) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h${m % 60 ? ` ${m % 60} min` : ''}`;
  return `${Math.floor(h / 24)} d${h % 24 ? ` ${h % 24} h` : ''}`;
}

/** "≈ 2 min (p90 5 min)": the remaining time, short enough for a table cell. */
export function estimateShort(e: Estimate & { kind: 'estimate' }): string {
  return `≈ ${roughDuration(e.medianMs)} (p90 ${roughDuration(e.highMs)})`;
}

/**
 * The estimate as a sentence, with what it rests on: "Estimate: ends in ≈ 2 min (p90 5 min),
 * from 14 sampling jobs on Sirius." or why there is none.
 */
export function estimateSentence(e: Estimate, deviceName: string): string {
  if (e.kind === 'none') return `No estimate of the end: ${e.reason}.`;
  const jobs = `${e.basis} ${e.jobType ? `${e.jobType} ` : ''}job${e.basis === 1 ? '' : 's'}`;
  const phase = e.phase === 'running' ? 'running' : 'waiting';
  return `Estimate: ends in ${estimateShort(e)}, from ${jobs} on ${deviceName} that had been ${phase} at least as long.`;
}

/** "≈ 2 min, from 14 jobs": what the table shows, the sentence being on hover and for readers. */
export function estimateCell(e: Estimate & { kind: 'estimate' }): string {
  return `${estimateShort(e)}, from ${e.basis} job${e.basis === 1 ? '' : 's'}`;
}

/** Why a job looks stuck, in a sentence. */
export function stuckSentence(v: StuckVerdict, deviceName: string): string {
  const doing = v.phase === 'running' ? 'running' : 'waiting';
  return `Looks stuck: ${doing} for ${roughDuration(v.elapsedMs)}, while 90 % of the ${v.basis} finished jobs on ${deviceName} ${v.phase === 'running' ? 'ran' : 'waited'} at most ${roughDuration(v.highMs)}.`;
}

/** What to do about a job that looks stuck; `canCancel` when the connection can cancel jobs. */
export function stuckAdvice(deviceName: string, canCancel: boolean): string {
  return `Check ${deviceName}'s status and maintenance in Devices, open the job's logs${canCancel ? ', or cancel it' : ''}.`;
}
