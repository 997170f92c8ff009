/**
 * The sign (−1)^{popcount(i & z)} a Pauli string's Z/Y factors put on amplitude i, without a
 * per-index branch or bit count: the index splits into its low `loBits` bits and the rest, and
 * the sign is the product of two small tables, lo[i & loMask] · hi[i >>> loBits]. Loops walk
 * the index as (high part, low part), so the inner loop reads one table of 2^loBits entries
 * (at most 2^16, in cache) and the outer one a single value.
 */
export interface SignTable {
  loBits: number;
  /** lo[l] = (−1)^{popcount(l & z)} for the low bits. */
  lo: Float64Array;
  /** hi[h] = (−1)^{popcount((h << loBits) & z)} for the high bits. */
  hi: Float64Array;
}

/** Low bits of the split for a state of `nqubits`: half of them, at most 16. */
function loBitsFor(nqubits: number): number {
  return Math.min(16, Math.ceil(nqubits / 2));
}

export function signTable(z: number, nqubits: number): SignTable {
  const loBits = loBitsFor(nqubits);
  return {
    loBits,
    lo: signs(z, loBits, 0),
    hi: signs(z, nqubits - loBits, loBits),
  };
}

/** (−1)^{popcount((k << shift) & z)} for k < 2^bits, built by doubling (no bit counts). */
function signs(z: number, bits: number, shift: number): Float64Array {
  const out = new Float64Array(2 ** bits);
  out[0] = 1;
  for (let b = 0; b < bits; b++) {
    const half = 2 ** b;
    const flip = (z >>> (b + shift)) & 1 ? -1 : 1;
    for (let k = 0; k < half; k++) out[half + k] = flip * out[k]!;
  }
  return out;
}

/** out[i] += c · sign_z(i) over the whole index range (out.length = 2^nqubits). */
export function addSigned(out: Float64Array, table: SignTable, c: number): void {
  const { lo, hi } = table;
  const nLo = lo.length;
  for (let h = 0, i = 0; h < hi.length; h++) {
    const ch = c * hi[h]!;
    for (let l = 0; l < nLo; l++, i++) out[i] = out[i]! + ch * lo[l]!;
  }
}
