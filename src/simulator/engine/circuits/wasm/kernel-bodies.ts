import type { Code, FunctionSpec } from './emit';
import { LANES, PART, andProduct, at, products, store, walkKernel } from './kernel-code';
import type { Lane, Locals, Where } from './kernel-code';

/*
 * What each WebAssembly kernel does to the vectors at i and i + delta. The sums are in the
 * JavaScript kernels' order (kernels.ts, kernels-matrix.ts), so both give the same bits.
 *
 * Each kernel comes in three forms, by the lane it changes (kernel-code.ts, `Lane`): both lanes,
 * or one (a control on qubit 0 keeps the other). A gate whose target is qubit 0 pairs the two
 * lanes of one vector: the `…Pair` kernels, and `transpose` for a SWAP of qubit 0 with another.
 */

const { re: RE, im: IM } = PART;

function load(c: Code, l: Locals, temp: number, where: Where, part: number): void {
  at(c, l, where, part).v128Load().set(l.temp(temp));
}

/** The vectors a kernel touches: i alone, i and its partner, or a 4×4's four. */
const ONE: Where[] = ['lo'];
const PAIR: Where[] = ['lo', 'hi'];
const QUAD: Where[] = ['lo', 'hi', 'b', 'ab'];

/** [[a, b], [c, d]] on (i, i + delta); coefficients ar ai br bi cr ci dr di. */
const matrix = (lane: Lane) =>
  walkKernel('matrix', { coefficients: 8, temps: 4, lane }, PAIR, (c, l) => {
    const [xr, xi, yr, yi] = [l.temp(0), l.temp(1), l.temp(2), l.temp(3)];
    load(c, l, 0, 'lo', RE);
    load(c, l, 1, 'lo', IM);
    load(c, l, 2, 'hi', RE);
    load(c, l, 3, 'hi', IM);
    const s = l.splat;
    // row: the first coefficient of the row (a: 0, c: 4); old: the part's old vector there
    for (const [where, row, oldRe, oldIm] of [
      ['lo', 0, xr, xi],
      ['hi', 4, yr, yi],
    ] as const) {
      store(c, l, where, RE, oldRe, () => {
        products(c, s(row), xr, s(row + 1), xi, true);
        andProduct(c, s(row + 2), yr, false);
        andProduct(c, s(row + 3), yi, true);
      });
      store(c, l, where, IM, oldIm, () => {
        products(c, s(row), xi, s(row + 1), xr, false);
        andProduct(c, s(row + 2), yi, false);
        andProduct(c, s(row + 3), yr, false);
      });
    }
  });

/**
 * A 4×4 matrix on (i, i + delta, i + delta2, i + delta + delta2), every visited i with both
 * bits clear; coefficients row-major [re, im] pairs over that order (applyMatrix4's).
 */
const matrix4 = (lane: Lane) =>
  walkKernel('matrix4', { coefficients: 32, temps: 8, lane }, QUAD, (c, l) => {
    // r: the real parts of the four amplitudes, q: the imaginary parts (temps 0–3 and 4–7)
    const r = (k: number) => l.temp(k);
    const q = (k: number) => l.temp(4 + k);
    QUAD.forEach((where, k) => {
      load(c, l, k, where, RE);
      load(c, l, 4 + k, where, IM);
    });
    const s = (row: number, col: number, imag: 0 | 1) => l.splat(8 * row + 2 * col + imag);
    QUAD.forEach((where, row) => {
      store(c, l, where, RE, r(row), () => {
        products(c, s(row, 0, 0), r(0), s(row, 0, 1), q(0), true);
        for (let col = 1; col < 4; col++) {
          andProduct(c, s(row, col, 0), r(col), false);
          andProduct(c, s(row, col, 1), q(col), true);
        }
      });
      store(c, l, where, IM, q(row), () => {
        products(c, s(row, 0, 0), q(0), s(row, 0, 1), r(0), false);
        for (let col = 1; col < 4; col++) {
          andProduct(c, s(row, col, 0), q(col), false);
          andProduct(c, s(row, col, 1), r(col), false);
        }
      });
    });
  });

/** diag(a, d) on (i, i + delta); coefficients ar ai dr di. */
const diagonal = (lane: Lane) =>
  walkKernel('diagonal', { coefficients: 4, temps: 2, lane }, PAIR, (c, l) => {
    const [xr, xi] = [l.temp(0), l.temp(1)];
    const s = l.splat;
    for (const [where, k] of [
      ['lo', 0],
      ['hi', 2],
    ] as const) {
      load(c, l, 0, where, RE);
      load(c, l, 1, where, IM);
      store(c, l, where, RE, xr, () => products(c, s(k), xr, s(k + 1), xi, true));
      store(c, l, where, IM, xi, () => products(c, s(k), xi, s(k + 1), xr, false));
    }
  });

/** Every visited amplitude times s; coefficients sr si. */
const scale = (lane: Lane) =>
  walkKernel('scale', { coefficients: 2, temps: 2, lane }, ONE, (c, l) => {
    const [xr, xi] = [l.temp(0), l.temp(1)];
    const s = l.splat;
    load(c, l, 0, 'lo', RE);
    load(c, l, 1, 'lo', IM);
    store(c, l, 'lo', RE, xr, () => products(c, s(0), xr, s(1), xi, true));
    store(c, l, 'lo', IM, xi, () => products(c, s(0), xi, s(1), xr, false));
  });

/** The amplitudes at i and i + delta exchange places. */
const exchange = (lane: Lane) =>
  walkKernel('exchange', { coefficients: 0, temps: 2, lane }, PAIR, (c, l) => {
    const [x, y] = [l.temp(0), l.temp(1)];
    for (const part of [RE, IM]) {
      load(c, l, 0, 'lo', part);
      load(c, l, 1, 'hi', part);
      store(c, l, 'lo', part, x, () => c.get(y));
      store(c, l, 'hi', part, y, () => c.get(x));
    }
  });

/** Both lanes of `v` set to its lane 0 or 1. */
function spread(c: Code, v: number, lane: 0 | 1): Code {
  const bytes = lane === 0 ? LANES.A0 : LANES.A1;
  return c
    .get(v)
    .get(v)
    .shuffle([...bytes, ...bytes]);
}

/**
 * [[a, b], [c, d]] on the two lanes of each vector (target qubit 0): with x and y the lanes,
 * [a, c]·x + [b, d]·y, in the order of the other kernels' sums. Coefficients as `matrix`.
 */
const matrixPair = walkKernel(
  'matrixPair',
  { coefficients: 8, temps: 10, lane: 'both' },
  ONE,
  (c, l) => {
    const [re, im, xr, xi] = [l.temp(0), l.temp(1), l.temp(2), l.temp(3)];
    const [yr, yi] = [l.temp(4), l.temp(5)];
    // The coefficients by lane: [ar, cr], [ai, ci], [br, dr], [bi, di] (set by the prologue).
    const [pr, pi, qr, qi] = [l.temp(6), l.temp(7), l.temp(8), l.temp(9)];
    load(c, l, 0, 'lo', RE);
    load(c, l, 1, 'lo', IM);
    spread(c, re, 0).set(xr);
    spread(c, im, 0).set(xi);
    spread(c, re, 1).set(yr);
    spread(c, im, 1).set(yi);
    store(c, l, 'lo', RE, re, () => {
      products(c, pr, xr, pi, xi, true);
      andProduct(c, qr, yr, false);
      andProduct(c, qi, yi, true);
    });
    store(c, l, 'lo', IM, im, () => {
      products(c, pr, xi, pi, xr, false);
      andProduct(c, qr, yi, false);
      andProduct(c, qi, yr, false);
    });
  },
  (c, l) => {
    // lane 0 from the first row (a, b), lane 1 from the second (c, d)
    for (const [temp, first, second] of [
      [6, 0, 4],
      [7, 1, 5],
      [8, 2, 6],
      [9, 3, 7],
    ] as const)
      c.get(l.splat(first)).get(l.coefficient(second)).f64x2ReplaceLane(1).set(l.temp(temp));
  },
);

/** diag(a, d) on the two lanes of each vector (target qubit 0); coefficients as `diagonal`. */
const diagonalPair = walkKernel(
  'diagonalPair',
  { coefficients: 4, temps: 4, lane: 'both' },
  ONE,
  (c, l) => {
    const [xr, xi, dr, di] = [l.temp(0), l.temp(1), l.temp(2), l.temp(3)];
    load(c, l, 0, 'lo', RE);
    load(c, l, 1, 'lo', IM);
    store(c, l, 'lo', RE, xr, () => products(c, dr, xr, di, xi, true));
    store(c, l, 'lo', IM, xi, () => products(c, dr, xi, di, xr, false));
  },
  (c, l) => {
    c.get(l.splat(0)).get(l.coefficient(2)).f64x2ReplaceLane(1).set(l.temp(2));
    c.get(l.splat(1)).get(l.coefficient(3)).f64x2ReplaceLane(1).set(l.temp(3));
  },
);

/** The two lanes of each vector exchange places (X on qubit 0). */
const exchangePair = walkKernel(
  'exchangePair',
  { coefficients: 0, temps: 1, lane: 'both' },
  ONE,
  (c, l) => {
    const x = l.temp(0);
    for (const part of [RE, IM]) {
      load(c, l, 0, 'lo', part);
      store(c, l, 'lo', part, x, () =>
        c
          .get(x)
          .get(x)
          .shuffle([...LANES.A1, ...LANES.A0]),
      );
    }
  },
);

/**
 * SWAP of qubit 0 with qubit q: lane 1 of the vector at i (q clear) and lane 0 of its partner at
 * i + q exchange places, a 2×2 transpose of the two vectors.
 */
const transpose = walkKernel(
  'transpose',
  { coefficients: 0, temps: 2, lane: 'both' },
  PAIR,
  (c, l) => {
    const [a, b] = [l.temp(0), l.temp(1)];
    for (const part of [RE, IM]) {
      load(c, l, 0, 'lo', part);
      load(c, l, 1, 'hi', part);
      store(c, l, 'lo', part, a, () =>
        c
          .get(a)
          .get(b)
          .shuffle([...LANES.A0, ...LANES.B0]),
      );
      store(c, l, 'hi', part, b, () =>
        c
          .get(a)
          .get(b)
          .shuffle([...LANES.A1, ...LANES.B1]),
      );
    }
  },
);

const LANE_SUFFIX = { both: '', 0: '0', 1: '1' } as const;

/** Every kernel in each of its forms (`matrix`, `matrix0`, `matrix1`, …), and the pair kernels. */
export const KERNEL_FUNCTIONS: readonly FunctionSpec[] = [
  ...[matrix, diagonal, scale, exchange, matrix4].flatMap((kernel) =>
    (['both', 0, 1] as const).map((lane) => {
      const f = kernel(lane);
      return { ...f, name: f.name + LANE_SUFFIX[lane] };
    }),
  ),
  matrixPair,
  diagonalPair,
  exchangePair,
  transpose,
];
