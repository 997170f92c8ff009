import type { VariantId } from '../variants/declaration';
import type { DialectJob } from './job-input';
import { DialectError } from './dialect-error';
import type { Experiment } from './experiments';
import { readExperiment } from './experiments';
import type { DigitalFunctional, EvolutionFunctional, SamplingFunctional } from './functionals';
import {
  readAnalogEvolution,
  readDigitalPropagation,
  readSampling,
  readTimeEvolution,
} from './functionals';
import { NodeRef } from './node-reader';
import { ParseContext } from './parse-context';
import type { Readout } from './readouts';
import { checkReadoutsFit, readReadouts } from './readouts';
import type { QuantumReservoir } from './reservoir';
import { readReservoir } from './reservoir';
import type { VariationalProgram } from './variational';
import { checkSampledCost, readVariational } from './variational';
import { parseYamlSource } from './yaml-source';

export type Functional =
  | SamplingFunctional
  | DigitalFunctional
  | EvolutionFunctional
  | QuantumReservoir
  | VariationalProgram
  | Experiment;

export interface ParsedJob {
  variant: VariantId;
  functional: Functional;
  /** Variant A readouts (null for Variant B and for experiments). */
  readouts: Readout[] | null;
  resultField: string;
  ctx: ParseContext;
}

interface ExecuteTypeSpec {
  tags: readonly string[];
  resultField: string;
  needsReadout: boolean;
  read: (ref: NodeRef, ctx: ParseContext) => Functional;
}

/** The two variants as data (design.md): execute type → functional tag, reader, result field. */
const EXECUTE_TYPES: Record<VariantId, Record<string, ExecuteTypeSpec>> = {
  B: {
    sampling: spec(['!Sampling'], 'sampling_result', false, (r, c) => readSampling(r, c, null)),
    time_evolution: spec(['!TimeEvolution'], 'time_evolution_result', false, (r, c) =>
      readTimeEvolution(r, c, null),
    ),
    variational_program: spec(
      ['!VariationalProgram'],
      'variational_program_result',
      false,
      readVariational,
    ),
    rabi_experiment: spec(['!RabiExperiment'], 'rabi_experiment_result', false, (r, c) =>
      readExperiment(r, c, ['!RabiExperiment']),
    ),
    t1_experiment: spec(['!T1Experiment'], 't1_experiment_result', false, (r, c) =>
      readExperiment(r, c, ['!T1Experiment']),
    ),
  },
  A: {
    digital_propagation: spec(['!DigitalPropagation'], 'functional_result', true, (r, c) =>
      readDigitalPropagation(r, c, null),
    ),
    analog_evolution: spec(['!AnalogEvolution'], 'functional_result', true, (r, c) =>
      readAnalogEvolution(r, c, null),
    ),
    quantum_reservoir: spec(['!QuantumReservoir'], 'functional_result', true, readReservoir),
    variational_program: spec(
      ['!VariationalProgram'],
      'variational_program_result',
      true,
      readVariational,
    ),
    experiment: spec(['!RabiExperiment', '!T1Experiment'], 'experiment_result', false, (r, c) =>
      readExperiment(r, c, ['!RabiExperiment', '!T1Experiment']),
    ),
  },
};

function spec(
  tags: string[],
  resultField: string,
  needsReadout: boolean,
  read: ExecuteTypeSpec['read'],
): ExecuteTypeSpec {
  return { tags, resultField, needsReadout, read };
}

/** Parse and check a job completely (dialect, device fit, limits) without running anything. */
export function parseJob(job: DialectJob): ParsedJob {
  const types = EXECUTE_TYPES[job.variant];
  const entry = types?.[job.executeType];
  if (!entry) {
    throw new DialectError({
      path: 'type',
      subject: `execute type "${job.executeType}"`,
      problem: `not an execute type of Variant ${job.variant}`,
      expected: `one of: ${Object.keys(types ?? {}).join(', ')}`,
    });
  }
  const ctx = new ParseContext(job.variant, job.device, job.limits);
  const root = NodeRef.root(parseYamlSource(job.functionalYaml, job.pathPrefix, 'functional'));
  if (!entry.tags.includes(root.tag ?? '')) {
    root.fail({
      subject: `type ${job.executeType}`,
      problem: root.tag
        ? `the functional object is ${root.tag}`
        : `expected a tagged functional object, found ${root.describe()}`,
      expected: entry.tags.join(' or '),
    });
  }
  const functional = entry.read(root, ctx);
  const readoutPath =
    job.readoutPathPrefix ?? `${job.pathPrefix.split('.')[0] ?? job.pathPrefix}.readout`;
  let readouts: Readout[] | null = null;
  if (entry.needsReadout) {
    if (job.readoutYaml === undefined || job.readoutYaml.trim() === '') {
      throw new DialectError({
        path: readoutPath,
        subject: `type ${job.executeType}`,
        problem: 'the payload has no readout',
        expected:
          'readout: !SamplingReadout {nshots}, !ExpectationReadout {observables, nshots} or !StateTomographyReadout {method: exact}, or a list of them',
      });
    }
    readouts = readReadouts(job.readoutYaml, readoutPath, ctx);
    checkReadoutsAgainst(functional, readouts, ctx);
  } else if (job.readoutYaml !== undefined && job.readoutYaml.trim() !== '') {
    throw new DialectError({
      path: readoutPath,
      subject: `type ${job.executeType}`,
      problem: 'a readout is given, but this execute type takes none',
    });
  }
  return { variant: job.variant, functional, readouts, resultField: entry.resultField, ctx };
}

function checkReadoutsAgainst(
  functional: Functional,
  readouts: Readout[],
  ctx: ParseContext,
): void {
  const target = functional.kind === 'variational' ? functional.inner : functional;
  const width = stateWidth(target);
  checkReadoutsFit(readouts, width, ctx);
  if (functional.kind === 'variational' && readouts[0]?.kind === 'sampling') {
    const measured =
      target.kind === 'digital' || target.kind === 'sampling'
        ? target.circuit.measured
        : Array.from({ length: width }, (_, q) => q);
    checkSampledCost(functional.cost, measured, 'the first readout (!SamplingReadout)');
  }
}

export function stateWidth(f: Functional): number {
  switch (f.kind) {
    case 'sampling':
    case 'digital':
      return f.circuit.nqubits;
    case 'timeEvolution':
    case 'analog':
    case 'reservoir':
      return f.nqubits;
    case 'variational':
      return stateWidth(f.inner);
    case 'rabi':
    case 't1':
      return 1;
  }
}
