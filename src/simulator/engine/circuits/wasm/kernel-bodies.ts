import type { Code, FunctionSpec } from './emit';
import { PART, andProduct, at, products, walkKernel } from './kernel-code';
import type { Locals } from './kernel-code';

/*
 * What each WebAssembly kernel does to the vectors at i and i + delta. The sums are in the
 * JavaScript kernels' order (kernels.ts, kernels-matrix.ts), so both give the same bits.
 */

const { re: RE, im: IM } = PART;

function load(c: Code, l: Locals, temp: number, where: 'lo' | 'hi', part: number): void {
  at[where](c, l, part).v128Load().set(l.temp(temp));
}

/** [[a, b], [c, d]] on (i, i + delta); coefficients ar ai br bi cr ci dr di. */
const matrix = walkKernel('matrix', { coefficients: 8, temps: 4 }, true, (c, l) => {
  const [xr, xi, yr, yi] = [l.temp(0), l.temp(1), l.temp(2), l.temp(3)];
  load(c, l, 0, 'lo', RE);
  load(c, l, 1, 'lo', IM);
  load(c, l, 2, 'hi', RE);
  load(c, l, 3, 'hi', IM);
  const s = l.splat;
  // row: the first coefficient of the row (a: 0, c: 4)
  for (const [where, row] of [
    ['lo', 0],
    ['hi', 4],
  ] as const) {
    at[where](c, l, RE);
    products(c, s(row), xr, s(row + 1), xi, true);
    andProduct(c, s(row + 2), yr, false);
    andProduct(c, s(row + 3), yi, true);
    c.v128Store();
    at[where](c, l, IM);
    products(c, s(row), xi, s(row + 1), xr, false);
    andProduct(c, s(row + 2), yi, false);
    andProduct(c, s(row + 3), yr, false);
    c.v128Store();
  }
});

/** diag(a, d) on (i, i + delta); coefficients ar ai dr di. */
const diagonal = walkKernel('diagonal', { coefficients: 4, temps: 2 }, true, (c, l) => {
  const [xr, xi] = [l.temp(0), l.temp(1)];
  const s = l.splat;
  for (const [where, k] of [
    ['lo', 0],
    ['hi', 2],
  ] as const) {
    load(c, l, 0, where, RE);
    load(c, l, 1, where, IM);
    at[where](c, l, RE);
    products(c, s(k), xr, s(k + 1), xi, true);
    c.v128Store();
    at[where](c, l, IM);
    products(c, s(k), xi, s(k + 1), xr, false);
    c.v128Store();
  }
});

/** Every visited amplitude times s; coefficients sr si. */
const scale = walkKernel('scale', { coefficients: 2, temps: 2 }, false, (c, l) => {
  const [xr, xi] = [l.temp(0), l.temp(1)];
  const s = l.splat;
  load(c, l, 0, 'lo', RE);
  load(c, l, 1, 'lo', IM);
  at.lo(c, l, RE);
  products(c, s(0), xr, s(1), xi, true);
  c.v128Store();
  at.lo(c, l, IM);
  products(c, s(0), xi, s(1), xr, false);
  c.v128Store();
});

/** The amplitudes at i and i + delta exchange places. */
const exchange = walkKernel('exchange', { coefficients: 0, temps: 2 }, true, (c, l) => {
  for (const part of [RE, IM]) {
    load(c, l, 0, 'lo', part);
    load(c, l, 1, 'hi', part);
    at.lo(c, l, part).get(l.temp(1)).v128Store();
    at.hi(c, l, part).get(l.temp(0)).v128Store();
  }
});

export const KERNEL_FUNCTIONS: readonly FunctionSpec[] = [matrix, diagonal, scale, exchange];
