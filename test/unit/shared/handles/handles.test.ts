import { describe, expect, it } from 'vitest';
import type { JobHandle } from '../../../../src/shared/handles';
import {
  experimentHandle,
  functionalHandle,
  handleForExecuteType,
  JobResultError,
  rabiExperimentHandle,
  samplingHandle,
  t1ExperimentHandle,
  timeEvolutionHandle,
  variationalProgramHandle,
} from '../../../../src/shared/handles';
import type { ExecuteResult, JobDetail, VariantId } from '../../../../src/shared/variants';
import { VARIANTS } from '../../../../src/shared/variants';

const RESULT_YAML: Record<string, string> = {
  sampling_result: "!SamplingResult\nnshots: 10\nsamples: {'00': 6, '11': 4}\n",
  time_evolution_result: '!TimeEvolutionResult\nfinal_expected_values: [0.5]\n',
  variational_program_result:
    '!VariationalProgramResult\noptimizer_result: !OptimizerResult {optimal_cost: -1}\nresult: !SamplingResult {nshots: 10}\n',
  rabi_experiment_result: '!RabiExperimentResult\ndrive_pulse_duration: [0, 10]\ns21: []\n',
  t1_experiment_result: '!T1ExperimentResult\nwait_times: [0, 10]\ns21: []\n',
  functional_result:
    '!FunctionalResult\nreadout_results: [!SamplingReadoutResult {samples: {"0": 1}}]\n',
  experiment_result: '!RabiExperimentResult\nqubit: 0\ndata: []\n',
};

function resultFor<V extends VariantId>(variant: V, executeType: string): ExecuteResult<V> {
  const kind = VARIANTS[variant].executeKinds.find((k) => k.executeType === executeType);
  if (!kind) throw new Error(executeType);
  const result: Record<string, unknown> = { type: executeType };
  for (const field of VARIANTS[variant].resultFields)
    result[field] = field === kind.resultField ? RESULT_YAML[field] : null;
  return result as ExecuteResult<V>;
}

function detailFor<V extends VariantId>(
  variant: V,
  executeType: string,
  overrides: Partial<JobDetail<V>> = {},
): JobDetail<V> {
  return {
    id: 42,
    name: 'job',
    description: '',
    device_id: 1,
    status: 'completed',
    created_at: '2026-11-22T11:25:28Z',
    result: resultFor(variant, executeType),
    ...overrides,
  };
}

function failure(run: () => unknown): JobResultError {
  try {
    run();
  } catch (e) {
    if (e instanceof JobResultError) return e;
    throw e;
  }
  throw new Error('expected a JobResultError');
}

const CASES: [string, VariantId, string, () => JobHandle, string][] = [
  ['samplingHandle', 'B', 'sampling', () => samplingHandle(42), 'sampling_result'],
  [
    'timeEvolutionHandle',
    'B',
    'time_evolution',
    () => timeEvolutionHandle(42),
    'time_evolution_result',
  ],
  [
    'variationalProgramHandle B',
    'B',
    'variational_program',
    () => variationalProgramHandle('B', 42),
    'variational_program_result',
  ],
  [
    'rabiExperimentHandle',
    'B',
    'rabi_experiment',
    () => rabiExperimentHandle(42),
    'rabi_experiment_result',
  ],
  [
    't1ExperimentHandle',
    'B',
    't1_experiment',
    () => t1ExperimentHandle(42),
    't1_experiment_result',
  ],
  [
    'functionalHandle (digital)',
    'A',
    'digital_propagation',
    () => functionalHandle(42),
    'functional_result',
  ],
  [
    'functionalHandle (analog)',
    'A',
    'analog_evolution',
    () => functionalHandle(42, 'analog_evolution'),
    'functional_result',
  ],
  [
    'functionalHandle (reservoir)',
    'A',
    'quantum_reservoir',
    () => functionalHandle(42),
    'functional_result',
  ],
  [
    'variationalProgramHandle A',
    'A',
    'variational_program',
    () => variationalProgramHandle('A', 42),
    'variational_program_result',
  ],
  ['experimentHandle', 'A', 'experiment', () => experimentHandle(42), 'experiment_result'],
];

describe.each(CASES)('%s', (_name, variant, executeType, make, field) => {
  it('binds to a detail and returns the typed result', () => {
    const handle = make();
    expect(handle.id).toBe(42);
    expect(handle.variant).toBe(variant);
    const typed = handle.bind(detailFor(variant, executeType));
    expect(typed.expected_type).toBe(handle.execute_type);
    expect(typed.name).toBe('job');
    const result = typed.getResults();
    expect(result).toEqual({
      field,
      tag: RESULT_YAML[field]?.split(/[\s{]/)[0],
      yaml: RESULT_YAML[field],
    });
    expect(handle.extract(resultFor(variant, executeType))).toEqual(result);
  });

  it('throws result_missing while the job has no result', () => {
    const error = failure(() =>
      make()
        .bind(detailFor(variant, executeType, { status: 'running', result: null }))
        .getResults(),
    );
    expect(error.code).toBe('result_missing');
    expect(error.message).toBe('job 42 has no result yet (status running)');
  });

  it('throws result_type_mismatch for a job of another type, naming both', () => {
    const other = VARIANTS[variant].executeKinds.find((k) => k.resultField !== field);
    if (!other) throw new Error('no other kind');
    const error = failure(() => make().bind(detailFor(variant, other.executeType)).getResults());
    expect(error.code).toBe('result_type_mismatch');
    expect(error.message).toMatch(
      new RegExp(
        `^job 42 is an? ${other.executeType} job but this handle expects .*${executeType}`,
      ),
    );
    expect(error.actual).toBe(other.executeType);
  });
});

describe('handle messages and rules', () => {
  it('says which: the handle expects sampling but the job is time evolution', () => {
    const error = failure(() =>
      samplingHandle(42).bind(detailFor('B', 'time_evolution')).getResults(),
    );
    expect(error.message).toBe('job 42 is a time_evolution job but this handle expects sampling');
  });

  it('reports the mismatch from the payload even before a result exists', () => {
    const detail = detailFor('B', 'time_evolution', {
      status: 'queued',
      result: null,
      payload: {
        type: 'time_evolution',
        time_evolution_payload: { time_evolution: '!TimeEvolution {}' },
      },
    });
    expect(failure(() => samplingHandle(42).bind(detail).getResults()).code).toBe(
      'result_type_mismatch',
    );
  });

  it.each([
    [
      { status: 'error', error: 'gate !CNOT: control equals target\nmore' },
      'job 42 has no result (status error: gate !CNOT: control equals target)',
    ],
    [{ status: 'timeout' }, 'job 42 has no result (status timeout)'],
    [{ status: 'cancelled' }, 'job 42 has no result (status cancelled)'],
    [
      { status: 'completed' },
      'job 42 has no result (status completed; was it fetched with the result?)',
    ],
    [{ status: undefined }, 'job 42 has no result yet'],
  ] as const)('explains a missing result: %j', (overrides, message) => {
    const detail = detailFor('B', 'sampling', { ...overrides, result: null });
    expect(failure(() => samplingHandle(42).bind(detail).getResults()).message).toBe(message);
  });

  it('throws result_missing when the type matches but its field is empty', () => {
    const result: ExecuteResult<'B'> = { ...resultFor('B', 'sampling'), sampling_result: null };
    const error = failure(() => samplingHandle(42).extract(result));
    expect([error.code, error.message]).toEqual([
      'result_missing',
      "job 42's result has no sampling_result",
    ]);
  });

  it('experiment: the expected result tag is checked', () => {
    const detail = detailFor('A', 'experiment');
    expect(experimentHandle(42, '!RabiExperimentResult').bind(detail).getResults().tag).toBe(
      '!RabiExperimentResult',
    );
    expect(experimentHandle(42, 'RabiExperimentResult').bind(detail).getResults().tag).toBe(
      '!RabiExperimentResult',
    );
    const error = failure(() =>
      experimentHandle(42, '!T1ExperimentResult').bind(detail).getResults(),
    );
    expect(error.code).toBe('inner_type_mismatch');
    expect(error.message).toBe(
      'job 42: experiment result is !RabiExperimentResult, expected !T1ExperimentResult',
    );
  });

  it('variational program: the expected inner result tag is checked', () => {
    const detail = detailFor('B', 'variational_program');
    expect(variationalProgramHandle('B', 42, '!SamplingResult').bind(detail).getResults().tag).toBe(
      '!VariationalProgramResult',
    );
    const error = failure(() =>
      variationalProgramHandle('B', 42, 'TimeEvolutionResult').bind(detail).getResults(),
    );
    expect(error.code).toBe('inner_type_mismatch');
    expect(error.message).toBe(
      'job 42: variational program result holds !SamplingResult, expected !TimeEvolutionResult',
    );
    const underscored = {
      ...resultFor('B', 'variational_program'),
      variational_program_result: '!VariationalProgramResult\n_result: !TimeEvolutionResult {}\n',
    };
    expect(
      variationalProgramHandle('B', 42, '!TimeEvolutionResult').extract(underscored).field,
    ).toBe('variational_program_result');
  });

  it('refuses to bind to another job', () => {
    expect(() => samplingHandle(1).bind(detailFor('B', 'sampling'))).toThrow(
      /job 1 cannot be bound to job 42/,
    );
  });

  it('handleForExecuteType gives the fitting handle for every execute type', () => {
    for (const variant of ['A', 'B'] as const) {
      for (const kind of VARIANTS[variant].executeKinds) {
        const handle = handleForExecuteType(variant, kind.executeType, 42);
        expect(handle.execute_type).toBe(kind.executeType);
        expect(handle.resultField).toBe(kind.resultField);
        expect(handle.bind(detailFor(variant, kind.executeType)).getResults().field).toBe(
          kind.resultField,
        );
      }
    }
    expect(() => handleForExecuteType('B', 'experiment', 1)).toThrow(RangeError);
  });
});
