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

/**
 * The execute type's functional object has no compiler yet: the payload was read and is sound,
 * only its SDK form cannot be written. The submit path says so and sends it as written.
 */
export class NotCompiledYet extends CompileProblem {
  override name = 'NotCompiledYet';
}

/**
 * An execute type whose functional object is not compiled yet (issue 24 is done by domain):
 * what this slice can compile is compiled first (an inner circuit, Variant A's readout), so its
 * problems are reported; then the rest is refused, naming it.
 */
function notYet(what: string): Compiler {
  return (input) => {
    const f = input.functional;
    if (f.kind === 'variational' && (f.inner.kind === 'sampling' || f.inner.kind === 'digital'))
      compileCircuit(f.inner.kind === 'sampling' ? 'B' : 'A', f.inner.circuit, input.params);
    if (input.readouts) compileReadoutsA(input.readouts);
    throw new NotCompiledYet(`the app cannot write ${what} in the SDK's form yet`, f.ref);
  };
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
    quantum_reservoir: notYet('a !QuantumReservoir (layers, reservoir inputs)'),
    variational_program: (input) => compileVariational('A', input),
    experiment: ({ functional }) => ({ functional: compileExperiment('A', functional) }),
  },
};

export { COMPILERS };
