import { CircuitA } from '../a/circuit';
import type { GateA } from '../a/gates';
import {
  adjointA,
  cnotA,
  controlledA,
  czA,
  exponentialA,
  fixedGateA,
  measureA,
  rotationA,
  swapA,
} from '../a/gates';
import type { ParameterA } from '../a/parameter';
import { parameterA } from '../a/parameter';
import type { GateFactory } from './gate-factory';
import { parameterArgs } from './gate-factory';

/** qilisdk 0.2.x's builders behind the circuit walk. */
export function factoryA(): GateFactory<GateA, ParameterA> {
  return {
    parameter: (decl) => {
      const { value, bounds } = parameterArgs(decl);
      return parameterA(decl.name, value, {
        ...(decl.domain ? { domain: decl.domain } : {}),
        ...(bounds ? { bounds } : {}),
        ...(decl.trainable === false ? { trainable: false } : {}),
      });
    },
    fixed: fixedGateA,
    swap: swapA,
    rotation: rotationA,
    cnot: cnotA,
    cz: czA,
    controlled: (controls, basic) => controlledA(controls, basic),
    adjoint: adjointA,
    exponential: exponentialA,
    measure: measureA,
    circuit: (n, tag) => new CircuitA(n, tag),
    nodeOf: (g) => g.node,
  };
}
