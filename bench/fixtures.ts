/**
 * Data at the sizes issue 6 names, shared by the bench files (not a bench itself: run.ts only
 * picks up `*.bench.ts`). Deterministic, so every run measures the same work.
 */
import type { JobDetail, JobInfo, JobStatus } from '../src/shared/variants';

/** The simulator's own seeded generator (mulberry32), so the data is the same on every run. */
import { seededRandom as seeded } from '../src/simulator/random';

export { seeded };

const STATUSES: readonly JobStatus[] = [
  'completed',
  'completed',
  'completed',
  'completed',
  'error',
  'timeout',
  'cancelled',
  'running',
  'queued',
  'pending',
];
const JOB_TYPES = ['digital', 'analog', 'variational', 'pulse'] as const;
const WORDS = ['bell', 'ghz', 'qaoa', 'vqe', 'rabi', 't1', 'sweep', 'calib', 'maxcut', 'ising'];

/** A listed record, with its Variant B job type when known. */
export type BenchRecord = JobInfo & Pick<JobDetail, 'jobType'>;

/** Epoch of the first record; one job a minute after it, so 100,000 jobs span ~70 days. */
export const FIRST_JOB_AT = Date.UTC(2026, 0, 1);

/**
 * `n` job records as a Variant B service lists them: most completed (with their timestamps), some
 * failed or still running, names from a small vocabulary so a search finds a realistic share. The
 * job type is known for four in five (the rest have not had their detail fetched yet).
 */
export function jobRecords(n: number, seed = 1): BenchRecord[] {
  const random = seeded(seed);
  return Array.from({ length: n }, (_, i) => {
    const status = STATUSES[Math.floor(random() * STATUSES.length)]!;
    const created = FIRST_JOB_AT + i * 60_000;
    const ended = created + Math.floor(1_000 + random() * 600_000);
    const done = status !== 'running' && status !== 'queued' && status !== 'pending';
    const record: BenchRecord = {
      id: i + 1,
      name: `${WORDS[i % WORDS.length]}-${WORDS[Math.floor(random() * WORDS.length)]} run ${i + 1}`,
      description: '',
      device_id: 1 + Math.floor(random() * 5),
      status,
      created_at: new Date(created).toISOString(),
      updated_at: new Date(done ? ended : created + 500).toISOString(),
      completed_at: done ? new Date(ended).toISOString() : null,
    };
    if (i % 5 !== 4) record.jobType = JOB_TYPES[i % JOB_TYPES.length]!;
    return record;
  });
}

/** The rare line `logText` plants once, near the end, for "find the one error" searches. */
export const RARE_NEEDLE = 'calibration drift on qubit 17';

/**
 * A job log of about `bytes` characters in the simulator's format (`<ISO time> <message>\n`):
 * progress lines, shot batches and the odd warning. `progress` is on about a third of the lines,
 * `RARE_NEEDLE` on one.
 */
export function logText(bytes: number, seed = 3, startAt = FIRST_JOB_AT): string {
  const random = seeded(seed);
  // Built a megabyte at a time so the garbage of a million small strings never piles up: a bench
  // that measures memory after this must not start from an RSS this function inflated.
  const chunks: string[] = [];
  let size = 0;
  let t = startAt;
  let line = 0;
  let plantAt = Math.floor(bytes * 0.9);
  while (size < bytes) {
    const parts: string[] = [];
    const chunkEnd = Math.min(bytes, size + 2 ** 20);
    while (size < chunkEnd) {
      t += Math.floor(random() * 50);
      const r = random();
      let message: string;
      if (r < 0.33)
        message = `progress ${Math.floor(random() * 100)}%: evolving the state, step ${line}`;
      else if (r < 0.9)
        message = `shot batch ${line}: ${Math.floor(random() * 4096)} shots sampled on qpu.digital`;
      else message = `WARN readout error rate ${(random() * 0.05).toFixed(4)} above threshold`;
      if (size >= plantAt) {
        message = `ERROR ${RARE_NEEDLE} (${line})`;
        plantAt = Infinity;
      }
      const text = `${new Date(t).toISOString()} ${message}\n`;
      parts.push(text);
      size += text.length;
      line++;
    }
    chunks.push(parts.join(''));
  }
  return chunks.join('');
}

/** Every one of 2^nqubits outcomes seen, as the simulator writes a `!SamplingResult`. */
export function wideSamplingYaml(nqubits: number, seed = 2): { yaml: string; nshots: number } {
  const random = seeded(seed);
  const n = 2 ** nqubits;
  // In chunks of 64k lines, for the same reason as logText: keep the garbage small.
  const chunks = [`!SamplingResult\nnshots: 0000000000\nnqubits: ${nqubits}\nsamples:\n`];
  let nshots = 0;
  for (let from = 0; from < n; from += 65_536) {
    const lines: string[] = [];
    for (let i = from; i < Math.min(n, from + 65_536); i++) {
      const count = i % 65537 === 0 ? 200 + (i % 97) : 1 + Math.floor(random() * 4);
      nshots += count;
      lines.push(`  "${i.toString(2).padStart(nqubits, '0')}": ${count}\n`);
    }
    chunks.push(lines.join(''));
  }
  chunks[0] = chunks[0]!.replace('0000000000', String(nshots));
  return { yaml: chunks.join(''), nshots };
}

export { gatePayload } from '../test/support/gate-payload';
