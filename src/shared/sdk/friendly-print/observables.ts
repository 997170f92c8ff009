import type { Observable } from '../../dialect/observable';
import type { PauliSum } from '../../dialect/pauli-expression';
import { floatText } from './scalars';

/** A positive number as the Pauli expression's reader reads it back. */
function magnitude(x: number): string {
  return floatText(Math.abs(x));
}

/** A complex coefficient as `(a+bj)`: read back exactly (signs of zeros aside, see below). */
function complexText(re: number, im: number): string {
  const sign = im < 0 || Object.is(im, -0) ? '-' : '+';
  return `(${floatText(re)}${sign}${magnitude(im)}j)`;
}

/**
 * A Pauli sum as the friendly expression ("0.5 Z0 Z1 + X0 - (0.5+0.25j) Y1"), term by term in
 * its order. The reader adds each term to complex 0, as Python sums do, so a part the SDK holds
 * as −0.0 cannot be written: decompile's check then keeps the part in the SDK's form.
 */
export function pauliSumText(sum: PauliSum): string | null {
  const parts: string[] = [];
  for (const [i, t] of sum.terms.entries()) {
    if (t.coefficient.kind !== 'const') return null;
    const re = t.coefficient.value;
    const factors = t.factors;
    let coef: string;
    let sign = '+';
    if (t.imag !== undefined) {
      coef = complexText(re, t.imag);
    } else {
      sign = re < 0 ? '-' : '+';
      coef = factors && Math.abs(re) === 1 ? '' : magnitude(re);
    }
    const body = [coef, factors].filter(Boolean).join(' ');
    parts.push(i === 0 ? (sign === '-' ? `- ${body}` : body) : `${sign} ${body}`);
  }
  return parts.length > 0 ? parts.join(' ') : null;
}

/** An observable as a flow value: a quoted expression, `!PauliZ {qubit: 1}`, `!QTensor {...}`. */
export function observableText(o: Observable): string | null {
  switch (o.kind) {
    case 'hamiltonian': {
      const text = pauliSumText(o.sum);
      return text === null ? null : JSON.stringify(text);
    }
    case 'pauli':
      return `!Pauli${o.pauli} {qubit: ${o.qubit}}`;
    case 'qtensor': {
      const rows: string[] = [];
      for (let r = 0; r < o.size; r++) {
        const cells: string[] = [];
        for (let c = 0; c < o.size; c++) {
          const re = o.re[r * o.size + c]!;
          const im = o.im[r * o.size + c]!;
          cells.push(
            o.dtype === 'int64'
              ? String(re)
              : im === 0 && !Object.is(im, -0)
                ? floatText(re)
                : JSON.stringify(complexText(re, im)),
          );
        }
        rows.push(`[${cells.join(', ')}]`);
      }
      const dtype = o.dtype === 'complex128' ? '' : `, dtype: ${o.dtype}`;
      return `!QTensor {matrix: [${rows.join(', ')}]${dtype}}`;
    }
  }
}
