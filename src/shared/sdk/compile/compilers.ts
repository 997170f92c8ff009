import type { SdkNode } from '../node';
import { samplingB } from '../b/sampling';
import { digitalPropagationA } from '../a/functionals';
import type { PerExecuteType, VariantId } from '../../variants/declaration';
import type { Circuit } from '../../dialect/circuit-model';
import type { Functional } from '../../dialect/job-model';
import type { ParamTable } from '../../dialect/numbers';
import type { Readout } from '../../dialect/readouts';
import { factoryA } from './factory-a';
import { factoryB } from './factory-b';
import { compileAnalogEvolutionA } from './evolution-a';
import { compileTimeEvolutionB } from './evolution-b';
import { buildCircuit, CompileProblem } from './gate-factory';
import { islandNode } from './islands';
import { compileReadoutsA } from './readouts-a';
import { compileReservoirA } from './reservoir-a';
import { compileExperiment } from './experiments';
import { compileVariational } from './variational';

/** What a compiler is given: the model of the payload's parts. */
export interface CompileInput {
  functional: Functional;
  readouts: readonly Readout[] | null;
  params: ParamTable;
}

/** The SDK objects of the payload's fields: the functional object's, and Variant A's readout. */
export interface CompiledParts {
  functional: SdkNode;
  readout?: SdkNode;
}

type Compiler = (input: CompileInput) => CompiledParts;

export function compileCircuit(variant: VariantId, c: Circuit, params: ParamTable): SdkNode {
  if (c.island) return islandNode(c.island);
  return variant === 'B'
    ? buildCircuit(factoryB(), c, params)
    : buildCircuit(factoryA(), c, params);
}

function readoutOf(input: CompileInput): SdkNode {
  if (!input.readouts) throw new CompileProblem('the payload has no readout', input.functional.ref);
  return compileReadoutsA(input.readouts);
}

/** One compiler per declared execute type: the compiler names this table for a new one. */
const COMPILERS: PerExecuteType<Compiler> = {
  B: {
    sampling: ({ functional, params }) => {
      if (functional.kind !== 'sampling') throw new Error('sampling: not a !Sampling');
      return {
        functional: samplingB(compileCircuit('B', functional.circuit, params), functional.nshots),
      };
    },
    time_evolution: ({ functional }) => {
      if (functional.kind !== 'timeEvolution')
        throw new Error('time_evolution: not a !TimeEvolution');
      return { functional: compileTimeEvolutionB(functional) };
    },
    variational_program: (input) => compileVariational('B', input),
    rabi_experiment: ({ functional }) => ({ functional: compileExperiment('B', functional) }),
    t1_experiment: ({ functional }) => ({ functional: compileExperiment('B', functional) }),
  },
  A: {
    digital_propagation: (input) => {
      const f = input.functional;
      if (f.kind !== 'digital') throw new Error('digital_propagation: not a !DigitalPropagation');
      return {
        functional: digitalPropagationA(compileCircuit('A', f.circuit, input.params)),
        readout: readoutOf(input),
      };
    },
    analog_evolution: (input) => {
      const f = input.functional;
      if (f.kind !== 'analog') throw new Error('analog_evolution: not an !AnalogEvolution');
      return { functional: compileAnalogEvolutionA(f), readout: readoutOf(input) };
    },
    quantum_reservoir: (input) => {
      const f = input.functional;
      if (f.kind !== 'reservoir') throw new Error('quantum_reservoir: not a !QuantumReservoir');
      return { functional: compileReservoirA(f, input.params), readout: readoutOf(input) };
    },
    variational_program: (input) => compileVariational('A', input),
    experiment: ({ functional }) => ({ functional: compileExperiment('A', functional) }),
  },
};

export { COMPILERS };
