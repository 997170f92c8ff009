import { describe, expect, it } from 'vitest';
import { RecordBytes } from '../../../../src/simulator/store/record-bytes';
import type { StoredJob } from '../../../../src/simulator/store/stored-job';
import { seededRandom } from '../../../../src/simulator/random';

/** What the record file held before its payload's bytes were kept: the one-call form. */
const oneCall = (job: unknown) => Buffer.from(`${JSON.stringify(job, null, 2)}\n`);

const PIECES = [
  'a',
  'é',
  '"',
  '\\',
  '\n',
  '\t',
  '\u2028',
  '😀',
  '\ud800',
  '  "payload": 0',
  '{',
  '\u0000',
];

function randomText(random: () => number): string {
  let text = '';
  const n = Math.floor(random() * 12);
  for (let i = 0; i < n; i++) text += PIECES[Math.floor(random() * PIECES.length)];
  return text;
}

function randomValue(random: () => number, depth: number): unknown {
  const r = random();
  if (depth > 2 || r < 0.4) return randomText(random);
  if (r < 0.5) return Math.floor(random() * 1e6) / 1e3;
  if (r < 0.55) return null;
  if (r < 0.75)
    return Array.from({ length: Math.floor(random() * 3) }, () => randomValue(random, depth + 1));
  const out: Record<string, unknown> = {};
  for (let i = Math.floor(random() * 4); i > 0; i--)
    out[randomText(random) || 'k'] = randomValue(random, depth + 1);
  return out;
}

function randomJob(random: () => number): StoredJob {
  const payload = randomValue(random, 0);
  const job: Record<string, unknown> = { id: Math.floor(random() * 1000), status: 'pending' };
  // The payload anywhere among the fields, and fields after it that hold nested values.
  if (random() < 0.5)
    job.payload = typeof payload === 'object' && payload !== null ? payload : { type: payload };
  job.result = randomValue(random, 0);
  job.error = randomText(random);
  if (!('payload' in job))
    job.payload = { type: 'sampling', sampling_payload: { sampling: randomText(random) } };
  job.updated_at = '2026-11-26T00:00:00.000Z';
  return job as unknown as StoredJob;
}

describe('record bytes', () => {
  it('are the bytes of JSON.stringify(job, null, 2) and a line break, for any job', () => {
    const random = seededRandom(41);
    const bytes = new RecordBytes();
    for (let i = 0; i < 2000; i++) {
      const job = randomJob(random);
      expect(bytes.of(job).equals(oneCall(job)), JSON.stringify(job)).toBe(true);
      // The same payload again, in a changed record: its kept bytes serve, the rest is new.
      const changed = { ...job, status: 'validating', error: randomText(random) } as StoredJob;
      expect(bytes.of(changed).equals(oneCall(changed)), JSON.stringify(changed)).toBe(true);
    }
  });

  it('keep each payload apart, even when two jobs have equal fields around different payloads', () => {
    const bytes = new RecordBytes();
    const first = { id: 1, status: 'pending', payload: { type: 'a' } } as unknown as StoredJob;
    const second = { id: 1, status: 'pending', payload: { type: 'b' } } as unknown as StoredJob;
    expect(bytes.of(first).toString()).toContain('"type": "a"');
    expect(bytes.of(second).toString()).toContain('"type": "b"');
    expect(bytes.of(first).equals(oneCall(first))).toBe(true);
  });
});
