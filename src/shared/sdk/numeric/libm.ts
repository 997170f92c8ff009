/*
 * Correctly rounded sine and cosine of a double. NumPy computes `np.sin`, `np.cos` with the C
 * library (glibc), whose results are the correctly rounded ones in all but about one in a
 * thousand arguments; V8's `Math.sin`/`Math.cos` (fdlibm) miss that in some three in a hundred,
 * enough to change a 0.1.x gate's serialized `_matrix` (cos 0.1 is one). So the builders use
 * these: the argument is reduced by π/2 held in four parts (Cody–Waite), the series summed in
 * double-double arithmetic (about 100 bits), and the result rounded once. Past |x| ≈ 1.6e6, where
 * that reduction loses precision, they fall back to `Math.sin`/`Math.cos`.
 */

type DD = readonly [number, number];

function twoSum(a: number, b: number): DD {
  const s = a + b;
  const bb = s - a;
  return [s, a - (s - bb) + (b - bb)];
}

function quickTwoSum(a: number, b: number): DD {
  const s = a + b;
  return [s, b - (s - a)];
}

const SPLITTER = 134217729; // 2^27 + 1

function split(a: number): DD {
  const c = SPLITTER * a;
  const hi = c - (c - a);
  return [hi, a - hi];
}

function twoProd(a: number, b: number): DD {
  const p = a * b;
  const [ah, al] = split(a);
  const [bh, bl] = split(b);
  return [p, ah * bh - p + ah * bl + al * bh + al * bl];
}

function ddAdd(a: DD, b: DD): DD {
  const [s, e] = twoSum(a[0], b[0]);
  const [t, f] = twoSum(a[1], b[1]);
  const [s2, e2] = quickTwoSum(s, e + t);
  return quickTwoSum(s2, e2 + f);
}

function ddMul(a: DD, b: DD): DD {
  const [p, e] = twoProd(a[0], b[0]);
  return quickTwoSum(p, e + (a[0] * b[1] + a[1] * b[0]));
}

// π/2 in four parts (fdlibm's): the first three have 33 significant bits, so k·part is exact for
// |k| < 2^20.
const PIO2_1 = 1.57079632673412561417;
const PIO2_2 = 6.0771005063039659766e-11;
const PIO2_3 = 2.0222662487111664558e-21;
const PIO2_3T = 8.47842766036889956997e-32;
const TWO_OVER_PI = 6.36619772367581382433e-1;
const MAX_REDUCED = 1.6e6;

/** x − k·π/2 as a double-double, and k mod 4. */
function reduce(x: number): { r: DD; quadrant: number } {
  const k = Math.round(x * TWO_OVER_PI);
  let r: DD = [x - k * PIO2_1, 0];
  r = ddAdd(r, [-k * PIO2_2, 0]);
  r = ddAdd(r, [-k * PIO2_3, 0]);
  r = ddAdd(r, twoProd(-k, PIO2_3T));
  return { r, quadrant: ((k % 4) + 4) % 4 };
}

// 1/n! as double-doubles, n = 0..31 (each the rounded quotient of the previous by n).
const INV_FACTORIAL: DD[] = (() => {
  const out: DD[] = [[1, 0]];
  for (let n = 1; n < 32; n++) {
    const prev = out[n - 1]!;
    // prev / n in double-double: q = prev[0]/n, then one correction step.
    const q0 = prev[0] / n;
    const [p, e] = twoProd(q0, n);
    const rem = prev[0] - p - e + prev[1];
    out.push(quickTwoSum(q0, rem / n));
  }
  return out;
})();

/** Σ (−1)^j r^(2j+offset)/(2j+offset)!, by Horner in r². */
function series(r: DD, offset: 0 | 1): DD {
  const r2 = ddMul(r, r);
  let acc: DD = [0, 0];
  for (let j = 14; j >= 0; j--) {
    const n = 2 * j + offset;
    const term = INV_FACTORIAL[n]!;
    acc = ddAdd(ddMul(acc, r2), j % 2 === 0 ? term : [-term[0], -term[1]]);
  }
  return offset === 1 ? ddMul(acc, r) : acc;
}

function round(v: DD): number {
  return v[0] + v[1];
}

export function sin(x: number): number {
  if (!Number.isFinite(x) || Math.abs(x) > MAX_REDUCED) return Math.sin(x);
  if (x === 0) return x;
  const { r, quadrant } = reduce(x);
  switch (quadrant) {
    case 0:
      return round(series(r, 1));
    case 1:
      return round(series(r, 0));
    case 2:
      return -round(series(r, 1));
    default:
      return -round(series(r, 0));
  }
}

export function cos(x: number): number {
  if (!Number.isFinite(x) || Math.abs(x) > MAX_REDUCED) return Math.cos(x);
  const { r, quadrant } = reduce(x);
  switch (quadrant) {
    case 0:
      return round(series(r, 0));
    case 1:
      return -round(series(r, 1));
    case 2:
      return -round(series(r, 0));
    default:
      return round(series(r, 1));
  }
}
