import type { SdkNode } from '../node';
import { samplingB } from '../b/sampling';
import { digitalPropagationA } from '../a/functionals';
import { qtensorNode } from '../common/operators';
import { hamiltonianMatrix } from '../common/hamiltonian-matrix';
import { observableCostFunctionA, sciPyOptimizer, variationalProgram } from '../common/variational';
import type { VariantId } from '../../variants/declaration';
import type { Observable } from '../../dialect/observable';
import type { Circuit } from '../../dialect/circuit-model';
import type { ParamTable } from '../../dialect/numbers';
import type { PauliSum } from '../../dialect/pauli-expression';
import type { VariationalProgram } from '../../dialect/variational';
import type { CompileInput, CompiledParts } from './compilers';
import { factoryA } from './factory-a';
import { factoryB } from './factory-b';
import { buildCircuit } from './gate-factory';
import { compileReadoutsA } from './readouts-a';
import { CompileProblem } from './gate-factory';
import { islandNode } from './islands';
import { islandText } from '../../dialect/island';
import { hamiltonianTerms } from './observables';
import { compileAnalogEvolutionA } from './evolution-a';
import { compileTimeEvolutionB } from './evolution-b';
import type { ParameterNodeOf } from './evolution-b';
import type { ParameterB } from '../b/parameter';
import type { NodeRef } from '../../dialect/node-reader';
import { quoted } from '../../text/quote';

/**
 * A variational program as qilisdk's `VariationalProgram`. A cost function read from the SDK's
 * form passes through as it was (Variant B's always: its `_handlers` are pickled Python code).
 * A friendly cost compiles for Variant A to `ObservableCostFunction(Hamiltonian)`, which the SDK
 * stores as `QTensor(hamiltonian.to_matrix())`; for Variant B it is refused: qilisdk 0.1.x has no
 * cost function without `_handlers` lambdas, which only Python can write (docs/sdk-wire.md).
 * A program with parameter constraints (0.2.x), which only the SDK's form holds, passes through
 * whole as it was read.
 */
export function compileVariational(variant: VariantId, input: CompileInput): CompiledParts {
  const v = input.functional;
  if (v.kind !== 'variational') throw new Error('variational_program: not a !VariationalProgram');
  if (v.method === 'SPSA' && v.optimizer.method.toUpperCase() === 'SPSA')
    throw new CompileProblem(
      "SPSA is the simulator's own optimiser: the SDK's SciPyOptimizer has no SPSA; use COBYLA, Nelder-Mead or Powell",
      v.ref,
    );
  if (v.parameterConstraints.length > 0) {
    // The friendly form has no parameter constraints: the program passes on as it was written.
    const node = islandNode({
      kind: 'island',
      reason: 'a VariationalProgram with parameter constraints',
      text: islandText(v.ref),
      ref: v.ref,
    });
    if (!input.readouts) throw new CompileProblem('the payload has no readout', v.ref);
    return { functional: node, readout: compileReadoutsA(input.readouts) };
  }
  const functional = compileInner(variant, v, input);
  const node = variationalProgram(variant, {
    functional,
    optimizer: sciPyOptimizer(v.optimizer),
    costFunction: compileCost(variant, v),
    store: v.storeIntermediateResults,
  });
  if (variant === 'B') return { functional: node };
  if (!input.readouts) throw new CompileProblem('the payload has no readout', v.ref);
  return { functional: node, readout: compileReadoutsA(input.readouts) };
}

/** compilers.ts' `compileCircuit`, here so the table and its entries import one way only. */
function compileCircuit(variant: VariantId, c: Circuit, params: ParamTable): SdkNode {
  if (c.island) return islandNode(c.island);
  return variant === 'B'
    ? buildCircuit(factoryB(), c, params)
    : buildCircuit(factoryA(), c, params);
}

function compileInner(variant: VariantId, v: VariationalProgram, input: CompileInput): SdkNode {
  const inner = v.inner;
  if (inner.kind === 'sampling')
    return samplingB(compileCircuit('B', inner.circuit, input.params), inner.nshots);
  if (inner.kind === 'digital')
    return digitalPropagationA(compileCircuit('A', inner.circuit, input.params));
  if (inner.kind === 'analog') return compileAnalogEvolutionA(inner, input.params);
  return compileTimeEvolutionB(inner, parameterNodesB(input.params, inner.ref));
}

/** One 0.1.x Parameter object per name of the program's table, made when first asked for. */
function parameterNodesB(params: ParamTable, at: NodeRef): ParameterNodeOf {
  const factory = factoryB();
  const made = new Map<string, ParameterB>();
  return (name) => {
    let p = made.get(name);
    if (!p) {
      const decl = params.get(name);
      if (!decl) throw new CompileProblem(`!Parameter ${quoted(name)} is not declared`, at);
      made.set(name, (p = factory.parameter(decl)));
    }
    return p;
  };
}

function compileCost(variant: VariantId, v: VariationalProgram): SdkNode {
  const cf = v.costFunction;
  if (cf?.island) return islandNode(cf.island);
  if (variant === 'B')
    throw new CompileProblem(
      "qilisdk 0.1.x cannot receive this cost: every 0.1.x cost function carries `_handlers`, pickled Python code (dill lambdas) that only the SDK in Python writes, and without it the service cannot evaluate the cost. Paste the `_cost_function` your notebook's SDK wrote under `cost:` (it is passed on as it is), or use a Variant A connection",
      v.ref,
    );
  if (cf?.kind === 'observable') return observableCostFunctionA(qtensorOf(cf.observable));
  return observableCostFunctionA(qtensorOf({ kind: 'hamiltonian', sum: v.cost! }));
}

/** The SDK's `QTensor` of an observable (a Hamiltonian over the qubits it names). */
function qtensorOf(o: Observable): SdkNode {
  if (o.kind === 'qtensor') return qtensorNode('A', o.size, o.re, o.im, o.dtype);
  const sum: PauliSum =
    o.kind === 'hamiltonian'
      ? o.sum
      : {
          terms: [
            {
              coefficient: { kind: 'const', value: 1 },
              xMask: o.pauli === 'X' || o.pauli === 'Y' ? 1 << o.qubit : 0,
              zMask: o.pauli === 'Z' || o.pauli === 'Y' ? 1 << o.qubit : 0,
              nY: o.pauli === 'Y' ? 1 : 0,
              factors: `${o.pauli}${o.qubit}`,
            },
          ],
          maxQubit: o.qubit,
          ref: o.ref,
        };
  const n = Math.max(1, sum.maxQubit + 1);
  const m = hamiltonianMatrix(hamiltonianTerms(sum), n);
  return qtensorNode(
    'A',
    2 ** n,
    m.map((z) => z.re),
    m.map((z) => z.im),
    'complex128',
  );
}
