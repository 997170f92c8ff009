import { describe, expect, it } from 'vitest';
import type { Gate, GateName } from '../../../../src/shared/dialect/circuit';
import { fuse } from '../../../../src/simulator/engine/circuits/fuse';
import { compileGates } from '../../../../src/simulator/engine/circuits/ops';

/*
 * What fusion makes of small circuits: how many ops and of which kind (that the result is the
 * same state is circuit-differential.test.ts's part).
 */

const NONE = new Map<string, number>();

function gate(name: GateName, qubits: number[], ...angles: number[]): Gate {
  return { name, qubits, angles: angles.map((value) => ({ kind: 'const', value })), path: '' };
}

const kinds = (gates: Gate[]) => fuse(compileGates(gates, NONE, null)).map((op) => op.kind);

describe('fusion', () => {
  it('merges a run of one-qubit gates on a qubit into one 2×2', () => {
    expect(kinds([gate('RY', [0], 0.3), gate('RX', [0], 0.2), gate('H', [0])])).toEqual(['mat']);
  });

  it('merges the one-qubit gates around a two-qubit gate into one 4×4, wherever the qubits are', () => {
    for (const [a, b] of [
      [0, 1],
      [5, 2],
      [30, 7],
    ] as const) {
      const ops = fuse(
        compileGates(
          [
            gate('RY', [a], 0.3),
            gate('RX', [b], 0.4),
            gate('CNOT', [a, b]),
            gate('RZ', [b], 0.5),
            gate('U3', [a], 0.1, 0.2, 0.3),
          ],
          NONE,
          null,
        ),
      );
      expect(ops.map((op) => op.kind)).toEqual(['mat4']);
      expect([ops[0]!.target, ops[0]!.other]).toEqual([Math.min(a, b), Math.max(a, b)]);
    }
  });

  it('keeps a lone CNOT as a flip (a 4×4 would cost more than moving amplitudes)', () => {
    expect(kinds([gate('CNOT', [0, 1])])).toEqual(['flip']);
  });

  it('closes a group when another two-qubit gate takes one of its qubits', () => {
    // (0,1) then (1,2) then (0,1) again: three groups, none worth a 4×4 (one rotation each).
    expect(
      kinds([
        gate('RY', [0], 0.3),
        gate('CNOT', [0, 1]),
        gate('CNOT', [1, 2]),
        gate('RY', [1], 0.3),
        gate('CNOT', [0, 1]),
      ]),
    ).toEqual(['mat', 'flip', 'flip', 'mat', 'flip']);
  });

  it('leaves gates on three qubits as they are, and closes what was open on their qubits', () => {
    const toffoli: Gate = { ...gate('CNOT', [0, 1]), controls: [2] };
    expect(kinds([gate('RY', [0], 0.3), toffoli, gate('RY', [0], 0.3)])).toEqual([
      'mat',
      'flip',
      'mat',
    ]);
  });
});
