import { describe, expect, it } from 'vitest';
import { packColumns } from '../../../../src/shared/circuit-layout';

describe('packColumns', () => {
  it('puts each gate in the first column where every wire it spans is free', () => {
    // H0, H1, CNOT 0→1, X2, CNOT 0→2 (spans wire 1 too), Z1
    const spans = [
      { lo: 0, hi: 0 },
      { lo: 1, hi: 1 },
      { lo: 0, hi: 1 },
      { lo: 2, hi: 2 },
      { lo: 0, hi: 2 },
      { lo: 1, hi: 1 },
    ];
    expect(packColumns(spans, 3)).toEqual({ columns: [0, 0, 1, 0, 2, 3], count: 4 });
  });

  it('never moves a gate before one written earlier on a wire it shares', () => {
    // X on 2 at column 0 and 1, then a gate spanning 0..2 must come after both.
    const spans = [
      { lo: 2, hi: 2 },
      { lo: 2, hi: 2 },
      { lo: 0, hi: 2 },
      { lo: 0, hi: 0 },
    ];
    expect(packColumns(spans, 3)).toEqual({ columns: [0, 1, 2, 3], count: 4 });
  });

  it('packs independent wires side by side and grows past nqubits when an item needs it', () => {
    expect(
      packColumns(
        [
          { lo: 0, hi: 0 },
          { lo: 4, hi: 4 },
        ],
        2,
      ),
    ).toEqual({
      columns: [0, 0],
      count: 1,
    });
    expect(packColumns([], 3)).toEqual({ columns: [], count: 0 });
  });
});
