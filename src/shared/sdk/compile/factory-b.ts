import { BuildSessionB } from '../b/build-session';
import { CircuitB } from '../b/circuit';
import type { GateB } from '../b/gates';
import {
  adjointB,
  cnotB,
  controlledB,
  czB,
  exponentialB,
  fixedGateB,
  measureB,
  rxB,
  ryB,
  rzB,
  swapB,
  u1B,
  u2B,
  u3B,
  wrapProblemB,
} from '../b/gates';
import type { ParameterB } from '../b/parameter';
import { parameterB } from '../b/parameter';
import type { GateFactory } from './gate-factory';
import { CompileProblem, parameterArgs } from './gate-factory';

/** qilisdk 0.1.x's builders behind the circuit walk (one session per YAML string). */
export function factoryB(session = new BuildSessionB()): GateFactory<GateB, ParameterB> {
  return {
    parameter: (decl) => {
      if (decl.trainable === false)
        throw new CompileProblem(
          `!Parameter "${decl.name}": qilisdk 0.1.x has no frozen parameters (trainable: false is Variant A's); an optimiser changes every one`,
          decl,
        );
      const { value, bounds } = parameterArgs(decl);
      return parameterB(decl.name, value, {
        ...(decl.domain ? { domain: decl.domain } : {}),
        ...(bounds ? { bounds } : {}),
      });
    },
    fixed: (name, q) => fixedGateB(session, name, q),
    swap: (a, b) => swapB(session, a, b),
    rotation: (name, q, angles) => {
      const [a, b, c] = angles.map(([, v]) => v);
      switch (name) {
        case 'RX':
          return rxB(session, q, a!);
        case 'RY':
          return ryB(session, q, a!);
        case 'RZ':
          return rzB(session, q, a!);
        case 'U1':
          return u1B(session, q, a!);
        case 'U2':
          return u2B(session, q, a!, b!);
        case 'U3':
          return u3B(session, q, a!, b!, c!);
      }
    },
    cnot: (c, t) => cnotB(session, c, t),
    cz: (c, t) => czB(session, c, t),
    controlled: (controls, basic) => {
      const problem = wrapProblemB('a Controlled gate', basic);
      if (problem) throw new CompileProblem(problem, { path: basic.name });
      return controlledB(controls, basic);
    },
    adjoint: adjointB,
    exponential: exponentialB,
    measure: measureB,
    circuit: (n, tag) => new CircuitB(n, tag),
    nodeOf: (g) => g.node,
  };
}
