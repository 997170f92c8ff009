import { describe, expect, it } from 'vitest';
import { detectVariant, judgeVariant, variantClues } from '../../../../src/shared/variants';

/**
 * The variant a service speaks, told from its answers as they arrive. The bodies are written
 * by hand from the specification's tables (§2.1, §2.7, §2.10), not made by our encoders.
 */

const b64 = (text: string) => btoa(text);

/** A Variant B job detail as the service sends it: status, jobType, a B result. */
const B_DETAIL = {
  id: 12,
  name: 'bell',
  description: '',
  device_id: 1,
  status: 'completed',
  jobType: 'digital',
  created_at: 'Sun, 22 Nov 2026 11:25:28 GMT',
  payload: '{"type": "sampling", "sampling_payload": {"sampling": "!Sampling {}"}}',
  result: b64('{"type": "sampling", "sampling_result": "!SamplingResult {}"}'),
};

/** A Variant A job list: records without status, with the handle's message. */
const A_LIST = {
  items: [
    {
      id: 3,
      message: null,
      name: 'a',
      description: '',
      device_id: 1,
      created_at: 'Sun, 22 Nov 2026 11:25:28 GMT',
    },
    {
      id: 4,
      message: 'maintenance until 12:00',
      name: 'b',
      description: '',
      device_id: 2,
      created_at: 'Sun, 22 Nov 2026 11:25:28 GMT',
    },
  ],
};

describe('detectVariant', () => {
  it('a Variant B detail: jobType, the payload and the result type all say B', () => {
    const verdict = detectVariant({ kind: 'job', body: B_DETAIL });
    expect(verdict.variant).toBe('B');
    expect(verdict.decisive).toBe(true);
    expect(verdict.evidence).toBe(
      "job 12 carries jobType, which only Variant B records have; job 12's payload has type 'sampling', a Variant B execute type",
    );
  });

  it('a Variant A list: records without status and with a message say A', () => {
    const verdict = detectVariant({ kind: 'job-list', body: A_LIST });
    expect(verdict).toMatchObject({ variant: 'A', decisive: true });
    expect(verdict.evidence).toBe(
      'job 3 in the job list has no status, which every Variant B record carries; job 4 carries a message field, which only Variant A job handles have',
    );
  });

  it('a Variant A result and execute types say A, even in a record that fits B otherwise', () => {
    const record = {
      id: 5,
      status: 'completed',
      payload: { type: 'digital_propagation', digital_propagation_payload: {} },
      result: b64('{"type": "digital_propagation", "functional_result": "!FunctionalResult {}"}'),
    };
    expect(detectVariant({ kind: 'job', body: record })).toMatchObject({
      variant: 'A',
      decisive: true,
    });
  });

  it('a type both variants have (variational_program) tells nothing', () => {
    const record = { id: 5, status: 'completed', payload: '{"type": "variational_program"}' };
    expect(variantClues({ kind: 'job', body: record })).toEqual([]);
  });

  it('a token tells only by an integer issuedAt: the wire form of both is a string of digits', () => {
    expect(detectVariant({ kind: 'token', body: { issuedAt: '1795778728' } }).variant).toBeNull();
    expect(detectVariant({ kind: 'token', body: { issuedAt: 1795778728 } })).toMatchObject({
      variant: 'A',
      decisive: false,
      evidence: 'the login token gives issuedAt as an integer',
    });
  });

  it('the job handle: a message says A (decisively when it has text)', () => {
    expect(
      detectVariant({ kind: 'job-id', body: { id: 1, message: 'queued behind 3 jobs' } }),
    ).toMatchObject({
      variant: 'A',
      decisive: true,
    });
    expect(detectVariant({ kind: 'job-id', body: { id: 1, message: null } })).toMatchObject({
      variant: 'A',
      decisive: false,
    });
    expect(detectVariant({ kind: 'job-id', body: { id: 1 } }).variant).toBeNull();
  });

  it('decisive clues that disagree decide nothing; hints count only without decisive ones', () => {
    const both = judgeVariant([
      { variant: 'A', strength: 'decisive', rule: 'status', evidence: 'a' },
      { variant: 'B', strength: 'decisive', rule: 'jobType', evidence: 'b' },
    ]);
    expect(both.variant).toBeNull();
    const outweighed = judgeVariant([
      { variant: 'A', strength: 'hint', rule: 'message', evidence: 'a' },
      { variant: 'B', strength: 'decisive', rule: 'jobType', evidence: 'b' },
    ]);
    expect(outweighed).toMatchObject({ variant: 'B', decisive: true, evidence: 'b' });
  });

  it('tells a variant only from consistent evidence: garbage among records tells nothing', () => {
    // Issue 28: `{}` has no status, and was read as "a Variant A record".
    const good = { id: 3, name: 'a', description: '', device_id: 1, status: 'completed' };
    const garbage = { items: [good, {}, 5, 'x'] };
    expect(detectVariant({ kind: 'job-list', body: garbage }).variant).toBeNull();
    expect(detectVariant({ kind: 'job-list', body: { items: [{}, {}] } }).variant).toBeNull();
    expect(detectVariant({ kind: 'job', body: { status: null } }).variant).toBeNull();
    expect(detectVariant({ kind: 'job-id', body: { message: 'queued' } }).variant).toBeNull();
    expect(
      detectVariant({ kind: 'job-id', body: { id: -1, message: 'queued' } }).variant,
    ).toBeNull();
  });

  it('records that disagree about carrying a status do not say the variant without one', () => {
    const record = (id: number) => ({ id, name: 'a', description: '', device_id: 1 });
    const mixed = { items: [{ ...record(3), status: 'running' }, record(4), record(5)] };
    expect(detectVariant({ kind: 'job-list', body: mixed }).variant).toBeNull();
    // The same records, none with a status, say A.
    const none = { items: [record(3), record(4), record(5)] };
    expect(detectVariant({ kind: 'job-list', body: none })).toMatchObject({
      variant: 'A',
      decisive: true,
    });
  });

  it('is lenient: broken or huge parts are skipped, never thrown', () => {
    const record = { id: 1, status: 'queued', payload: '{not json', result: '%%%', jobType: null };
    expect(() => detectVariant({ kind: 'job', body: record })).not.toThrow();
    expect(detectVariant({ kind: 'job', body: 'not a record' }).variant).toBeNull();
    expect(detectVariant({ kind: 'job-list', body: { items: 'x' } }).variant).toBeNull();
  });
});
