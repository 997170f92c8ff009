import { describe, expect, it } from 'vitest';
import { unexpectedTagNote } from '../../../../../src/renderer/features/result-viewers/model/expected-tags';
import {
  executeTypeOf,
  typedResultOf,
} from '../../../../../src/renderer/state/results/typed-result';
import { bellSampling, rabiA, wideSampling } from './fixtures';

const base = {
  id: 12,
  name: 'bell',
  description: '',
  device_id: 1,
  created_at: '2026-11-22T11:25:28Z',
};

describe('choosing and checking the result through the typed job handles', () => {
  it('hands out the result field of the job’s execute type with its tag', () => {
    const yaml = bellSampling();
    const r = typedResultOf('B', {
      ...base,
      status: 'completed',
      result: { type: 'sampling', sampling_result: yaml },
    });
    expect(r).toEqual({
      ok: true,
      executeType: 'sampling',
      field: 'sampling_result',
      tag: '!SamplingResult',
      yaml,
    });
  });

  it('takes the execute type from the result, else from the payload', () => {
    expect(executeTypeOf({ result: { type: 'experiment' } })).toBe('experiment');
    expect(executeTypeOf({ payload: { type: 'sampling' } })).toBe('sampling');
    expect(executeTypeOf({})).toBeNull();
  });

  it('reads Variant A experiments through the experiment handle', () => {
    const r = typedResultOf('A', {
      ...base,
      result: { type: 'experiment', experiment_result: rabiA() },
    });
    expect(r).toMatchObject({ ok: true, field: 'experiment_result', tag: '!RabiExperimentResult' });
  });

  it('refuses a job without a result, saying why (spec §7.2)', () => {
    const running = typedResultOf('B', {
      ...base,
      status: 'running',
      payload: { type: 'sampling' },
    });
    expect(running).toMatchObject({
      ok: false,
      code: 'result_missing',
      message: 'job 12 has no result yet (status running)',
    });
    const failed = typedResultOf('B', {
      ...base,
      status: 'error',
      error: 'gate !CNOT: control equals target\nmore',
      payload: { type: 'sampling' },
    });
    expect(failed).toMatchObject({ ok: false, code: 'result_missing' });
    if (!failed.ok) expect(failed.message).toContain('control equals target');
    const empty = typedResultOf('B', {
      ...base,
      status: 'completed',
      result: { type: 'sampling', sampling_result: null },
    });
    expect(empty).toMatchObject({
      ok: false,
      code: 'result_missing',
      message: "job 12's result has no sampling_result",
    });
  });

  it('refuses a result of another type than the one asked for', () => {
    const r = typedResultOf(
      'B',
      {
        ...base,
        result: { type: 't1_experiment', t1_experiment_result: '!T1ExperimentResult {}' },
      },
      'sampling',
    );
    expect(r).toMatchObject({
      ok: false,
      code: 'result_type_mismatch',
      expected: ['sampling'],
      actual: 't1_experiment',
    });
    if (!r.ok)
      expect(r.message).toBe('job 12 is a t1_experiment job but this handle expects sampling');
  });

  it('names an execute type the variant does not have', () => {
    const r = typedResultOf('A', { ...base, result: { type: 'sampling', sampling_result: 'x' } });
    expect(r).toMatchObject({ ok: false, code: 'unknown_execute_type', actual: 'sampling' });
  });

  it('checks a huge result by its tag and hands out all of it', () => {
    const { yaml } = wideSampling(16);
    const r = typedResultOf('B', { ...base, result: { type: 'sampling', sampling_result: yaml } });
    expect(r).toMatchObject({ ok: true, tag: '!SamplingResult' });
    if (r.ok) expect(r.yaml).toBe(yaml);
  });
});

describe('the tag a job of each type returns', () => {
  it('is quiet when the tag fits the execute type', () => {
    expect(unexpectedTagNote('B', 'sampling', '!SamplingResult', null)).toBeNull();
    expect(unexpectedTagNote('A', 'quantum_reservoir', '!FunctionalResult', null)).toBeNull();
    expect(unexpectedTagNote('A', 'experiment', '!T1ExperimentResult', null)).toBeNull();
  });

  it('says so when it does not, using the payload for Variant A experiments', () => {
    expect(unexpectedTagNote('B', 'sampling', '!QuantumVolumeResult', null)).toBe(
      'A sampling job returns !SamplingResult, but this result is !QuantumVolumeResult. It is shown as what its tag says.',
    );
    const payload = {
      type: 'experiment',
      experiment_payload: { experiment: '!RabiExperiment {qubit: 0}' },
    };
    expect(unexpectedTagNote('A', 'experiment', '!T1ExperimentResult', payload)).toMatch(
      /An experiment job returns !RabiExperimentResult/,
    );
  });
});
