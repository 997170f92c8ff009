import { describe, expect, it } from 'vitest';
import type { JobDetail } from '../../../../src/shared/variants';
import { jobDetailSchema } from '../../../../src/shared/variants';
import {
  decodeJobDetail,
  encodeBase64Text,
  encodeJobDetail,
  WireDecodeError,
} from '../../../../src/shared/wire';
import { wireFixture } from './fixtures';

describe('decodeJobDetail on the bodies the service sends', () => {
  it('decodes a completed Variant B sampling job in full', () => {
    const { detail, problems } = decodeJobDetail('B', wireFixture('job-detail-b-sampling.json'));
    expect(problems).toEqual([]);
    expect(detail).toMatchObject({
      id: 42,
      status: 'completed',
      jobType: 'digital',
      created_at: '2026-11-22T11:25:28Z',
      completed_at: '2026-11-22T11:26:02Z',
      // unknown fields are kept
      user_id: 7,
      queue_position: null,
      error: null,
      error_logs: null,
    });
    expect(detail.payload?.type).toBe('sampling');
    expect(detail.payload?.sampling_payload?.sampling).toMatch(
      /^!Sampling\nnshots: 1000\ncircuit: !Circuit/,
    );
    expect(detail.payload?.time_evolution_payload).toBeNull();
    expect(detail.result?.type).toBe('sampling');
    // functional results stay opaque YAML strings, tag first
    expect(detail.result?.sampling_result).toBe(
      "!SamplingResult\n_nshots: 1000\n_nqubits: 2\n_samples:\n  '00': 497\n  '11': 503\n",
    );
    expect(detail.result?.execution_seconds).toBe(1.2);
    // UTF-8 and ANSI colour codes survive
    expect(detail.logs).toContain(
      '\u001b[33mWARN\u001b[0m  readout error model: ε = 0.02 — Ψ⁺ fidelity 0.97',
    );
    expect(detail.logs).toContain('compiled 3 gates ✓');
    expect(jobDetailSchema('B').safeParse(detail).success).toBe(true);
  });

  it('decodes a Variant A experiment job with ISO dates carrying offsets', () => {
    const { detail, problems } = decodeJobDetail('A', wireFixture('job-detail-a-experiment.json'));
    expect(problems).toEqual([]);
    expect(detail.created_at).toBe('2026-11-22T11:25:28Z');
    expect(detail.updated_at).toBe('2026-11-22T11:25:30.250Z');
    expect(detail.status).toBeUndefined();
    expect(detail.message).toBeNull();
    expect(detail.tags).toEqual(['calibration']);
    expect(detail.payload?.experiment_payload?.experiment).toMatch(/^!RabiExperiment\n/);
    expect(detail.result?.experiment_result).toMatch(/^!RabiExperimentResult\n/);
    expect(detail.logs).toBe('calibrating drive on q0…\nsweeping 6 durations\n');
  });

  it('reports an undecodable log as a problem, keeps its raw text, and decodes the rest', () => {
    const wire = wireFixture('job-detail-b-failed.json');
    const { detail, problems } = decodeJobDetail('B', wire);
    expect(problems).toHaveLength(1);
    const [problem] = problems;
    expect(problem).toBeInstanceOf(WireDecodeError);
    expect(problem?.code).toBe('invalid_base64');
    expect(problem?.field).toBe('logs');
    expect(problem?.raw).toBe('worker 3 crashed: <not base64>');
    expect(detail.logs).toBeNull();
    expect(detail.status).toBe('error');
    expect(detail.error).toBe(
      'gate !CNOT at sampling_payload.sampling.circuit.gates[0]: control equals target',
    );
    expect(detail.error_logs).toContain('ValueError: control equals target (line 5, column 12)');
    expect(detail.payload?.sampling_payload?.sampling).toContain('!CNOT {control: 1, target: 1}');
    expect(detail.result).toBeNull();
  });

  it('reports a payload that is not JSON as invalid_json, raw kept', () => {
    const wire = { ...wireFixture('job-detail-b-sampling.json'), payload: '{"type": "sampling", ' };
    const { detail, problems } = decodeJobDetail('B', wire);
    expect(problems.map((p) => [p.code, p.field, p.raw])).toEqual([
      ['invalid_json', 'payload', '{"type": "sampling", '],
    ]);
    expect(detail.payload).toBeNull();
    expect(detail.result?.sampling_result).toMatch(/^!SamplingResult/);
  });

  it('reports a payload that breaks the model as schema_mismatch naming the path', () => {
    const wire = {
      ...wireFixture('job-detail-b-sampling.json'),
      payload: JSON.stringify({ type: 'sampling', sampling_payload: {} }),
    };
    const { detail, problems } = decodeJobDetail('B', wire);
    expect(problems[0]?.code).toBe('schema_mismatch');
    expect(problems[0]?.field).toBe('payload.sampling_payload.sampling');
    expect(problems[0]?.issues?.[0]?.message).toMatch(/required/);
    expect(detail.payload).toBeNull();
  });

  it('reports a result whose base64 holds no JSON, and one with an unknown type', () => {
    const notJson = {
      ...wireFixture('job-detail-b-sampling.json'),
      result: encodeBase64Text('!SamplingResult {}'),
    };
    expect(decodeJobDetail('B', notJson).problems.map((p) => [p.code, p.field])).toEqual([
      ['invalid_json', 'result'],
    ]);
    const wrongType = {
      ...wireFixture('job-detail-b-sampling.json'),
      result: encodeBase64Text('{"type":"experiment"}'),
    };
    const { problems } = decodeJobDetail('B', wrongType);
    expect(problems.map((p) => [p.code, p.field])).toEqual([['schema_mismatch', 'result.type']]);
  });

  it('reports an unknown jobType in Variant B as a problem, not a failure', () => {
    const wire = { ...wireFixture('job-detail-b-sampling.json'), jobType: 'photonic' };
    const { detail, problems } = decodeJobDetail('B', wire);
    expect(problems.map((p) => [p.code, p.field, p.raw])).toEqual([
      ['schema_mismatch', 'jobType', 'photonic'],
    ]);
    expect(detail.jobType).toBeNull();
  });

  it('collects several problems at once', () => {
    const wire = {
      ...wireFixture('job-detail-b-failed.json'),
      error: 'not base64!',
      error_logs: 12,
    };
    const { problems } = decodeJobDetail('B', wire);
    expect(problems.map((p) => p.field).sort()).toEqual(['error', 'error_logs', 'logs']);
  });

  it.each([
    ['not an object', () => [1, 2], 'not_an_object', ''],
    ['no id', (w: Record<string, unknown>) => ({ ...w, id: undefined }), 'schema_mismatch', 'id'],
    [
      'no created_at',
      (w: Record<string, unknown>) => ({ ...w, created_at: undefined }),
      'schema_mismatch',
      'created_at',
    ],
    [
      'a date without a zone',
      (w: Record<string, unknown>) => ({ ...w, created_at: '2026-11-22T11:25:28' }),
      'invalid_date',
      'created_at',
    ],
    [
      'a bad updated_at',
      (w: Record<string, unknown>) => ({ ...w, updated_at: 'soon' }),
      'invalid_date',
      'updated_at',
    ],
    [
      'an unknown status',
      (w: Record<string, unknown>) => ({ ...w, status: 'done' }),
      'schema_mismatch',
      'status',
    ],
  ] as const)('throws on a broken record (%s), naming the field', (_label, mutate, code, field) => {
    const wire = mutate(wireFixture('job-detail-b-sampling.json'));
    let error: unknown;
    try {
      decodeJobDetail('B', wire);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WireDecodeError);
    expect((error as WireDecodeError).code).toBe(code);
    expect((error as WireDecodeError).field).toBe(field);
  });
});

describe('encodeJobDetail', () => {
  it.each([
    ['B', 'job-detail-b-sampling.json'],
    ['A', 'job-detail-a-experiment.json'],
    ['B', 'job-detail-b-failed.json'],
  ] as const)('Variant %s: decode(encode(decode(%s))) is the same detail', (variant, name) => {
    const first = decodeJobDetail(variant, wireFixture(name)).detail;
    const second = decodeJobDetail(variant, encodeJobDetail(variant, first));
    expect(second.problems).toEqual([]);
    // HTTP-dates carry whole seconds: sub-second parts (A's updated_at) do not survive the wire.
    const seconds = (iso: string | null | undefined) => iso?.replace(/\.\d+Z$/, 'Z') ?? iso;
    expect(second.detail).toEqual({ ...first, updated_at: seconds(first.updated_at) });
  });

  it('writes the wire forms: HTTP-dates, payload as a JSON string, result and texts as base64', () => {
    const detail: JobDetail<'B'> = {
      id: 5,
      name: 'n',
      description: 'd',
      device_id: 1,
      status: 'completed',
      created_at: '2026-11-22T11:25:28Z',
      updated_at: null,
      payload: { type: 'sampling', sampling_payload: { sampling: '!Sampling {nshots: 1}' } },
      result: { type: 'sampling', sampling_result: '!SamplingResult {nshots: 1}' },
      jobType: 'digital',
      logs: 'Ψ ok',
      error: null,
    };
    const wire = encodeJobDetail('B', detail);
    expect(wire.created_at).toBe('Sun, 22 Nov 2026 11:25:28 GMT');
    expect(wire.updated_at).toBeNull();
    expect(JSON.parse(wire.payload as string)).toEqual(detail.payload);
    expect(JSON.parse(atob(wire.result as string))).toEqual(detail.result);
    expect(wire.logs).toBe(encodeBase64Text('Ψ ok'));
    expect(wire.error).toBeNull();
    expect(wire.jobType).toBe('digital');
    expect('error_logs' in wire).toBe(false);
    expect(decodeJobDetail('B', wire).detail).toEqual(detail);
  });

  it('never sends jobType in Variant A', () => {
    const { detail } = decodeJobDetail('A', wireFixture('job-detail-a-experiment.json'));
    expect('jobType' in encodeJobDetail('A', { ...detail, jobType: null })).toBe(false);
  });
});
