import { describe, expect, it } from 'vitest';
import type { QTensorObservable } from '../../../../src/shared/dialect/observable';
import type { NodeRef } from '../../../../src/shared/dialect/node-reader';
import { powell } from '../../../../src/simulator/engine/optim/powell';
import type { Objective } from '../../../../src/simulator/engine/optim/optimizer-types';
import { qtensorPauliSum } from '../../../../src/simulator/engine/physics/cost-observable';

const quadratic: Objective = async ([x = 0, y = 0]) =>
  (x - 1.5) ** 2 + 3 * (y + 0.5) ** 2 + 0.5 * (x - 1.5) * (y + 0.5) - 2;
const rosenbrock: Objective = async ([x = 0, y = 0]) => (1 - x) ** 2 + 100 * (y - x * x) ** 2;

describe("Powell's method", () => {
  it('finds the minimum of a tilted quadratic and converges', async () => {
    const q = await powell(quadratic, [0, 0], { maxIterations: 50 });
    expect(q.cost).toBeCloseTo(-2, 6);
    expect(q.x[0]).toBeCloseTo(1.5, 3);
    expect(q.x[1]).toBeCloseTo(-0.5, 3);
    expect(q.stop).toBe('converged');
  });

  it('follows the curved valley of Rosenbrock', async () => {
    const r = await powell(rosenbrock, [-1.2, 1], { maxIterations: 200 });
    expect(r.x[0]).toBeCloseTo(1, 2);
    expect(r.x[1]).toBeCloseTo(1, 2);
  });

  it('keeps to its iteration budget, one monotone trace entry per iteration', async () => {
    const r = await powell(rosenbrock, [-1.2, 1], { maxIterations: 3 });
    expect(r.trace).toHaveLength(3);
    for (let i = 1; i < r.trace.length; i++)
      expect(r.trace[i]!.cost).toBeLessThanOrEqual(r.trace[i - 1]!.cost);
  });
});

const REF = {} as NodeRef;
function matrix(rows: number[][], im?: number[][]): QTensorObservable {
  return {
    kind: 'qtensor',
    size: rows.length,
    re: rows.flat(),
    im: im ? im.flat() : rows.flat().map(() => 0),
    dtype: 'complex128',
    ref: REF,
  };
}
const terms = (o: QTensorObservable, diagonalOnly = false) =>
  qtensorPauliSum(o, diagonalOnly).terms.map((t) => [
    t.factors,
    t.coefficient.kind === 'const' ? t.coefficient.value : NaN,
    t.imag ?? 0,
  ]);

describe('a cost matrix as Pauli strings (qubit 0 the most significant index)', () => {
  it('diag(1.5, -0.5, -1.5, 0.5) is Z0 Z1 + 0.5 Z0', () => {
    const m = matrix([
      [1.5, 0, 0, 0],
      [0, -0.5, 0, 0],
      [0, 0, -1.5, 0],
      [0, 0, 0, 0.5],
    ]);
    expect(terms(m)).toEqual([
      ['Z0', 0.5, 0],
      ['Z0 Z1', 1, 0],
    ]);
  });

  it('X, Y and their product keep their factors; a sampled cost keeps the diagonal only', () => {
    // Y = [[0, -i], [i, 0]]; X0 Y1 + 2 I = kron(X, Y) + 2·I4
    const x = [
      [0, 1],
      [1, 0],
    ];
    const y = { re: [0, 0, 0, 0], im: [0, -1, 1, 0] };
    const re: number[][] = [];
    const im: number[][] = [];
    for (let r = 0; r < 4; r++) {
      re.push([]);
      im.push([]);
      for (let c = 0; c < 4; c++) {
        const a = x[r >> 1]![c >> 1]!;
        re[r]!.push(a * y.re[(r & 1) * 2 + (c & 1)]! + (r === c ? 2 : 0));
        im[r]!.push(a * y.im[(r & 1) * 2 + (c & 1)]!);
      }
    }
    expect(terms(matrix(re, im))).toEqual([
      ['', 2, 0],
      ['X0 Y1', 1, 0],
    ]);
    expect(terms(matrix(re, im), true)).toEqual([['', 2, 0]]);
  });
});
