import type { NodeRef } from '../node-reader';
import type { QTensorDtype } from '../observable';

/** A `!csr_matrix` made dense, row-major, with the dtype its entries say. */
export interface DenseMatrix {
  rows: number;
  cols: number;
  re: number[];
  im: number[];
  dtype: QTensorDtype;
}

/**
 * scipy's `csr_matrix` as the SDK writes it: `data` (the non-zero entries row by row: floats,
 * ints or `!complex`), `indices` (their columns), `indptr` (where each row starts), `shape`.
 */
export function readCsr(ref: NodeRef, what: string): DenseMatrix {
  const c = ref.mapping({
    tags: ['!csr_matrix'],
    what: '!csr_matrix',
    required: ['data', 'indices', 'indptr', 'shape'],
  });
  const shape = c
    .req('shape')
    .items('shape')
    .map((s) => s.integer('shape', 1));
  const [rows = 0, cols = 0] = shape;
  if (shape.length !== 2 || rows * cols > 2 ** 24)
    c.req('shape').fail({
      subject: what,
      problem: `expected a matrix of at most 2^24 entries, found shape (${shape.join(', ')})`,
    });
  const data = c.req('data').items('data');
  const indices = c
    .req('indices')
    .items('indices')
    .map((i) => i.integer('index', 0, cols - 1));
  const indptr = c
    .req('indptr')
    .items('indptr')
    .map((i) => i.integer('indptr', 0, data.length));
  if (indices.length !== data.length || indptr.length !== rows + 1 || indptr[rows] !== data.length)
    ref.fail({ subject: what, problem: 'its data, indices and indptr do not agree' });
  const re = new Array<number>(rows * cols).fill(0);
  const im = new Array<number>(rows * cols).fill(0);
  let dtype: QTensorDtype = 'float64';
  for (let row = 0; row < rows; row++) {
    for (let k = indptr[row]!; k < indptr[row + 1]!; k++) {
      const entry = data[k]!;
      const at = row * cols + indices[k]!;
      if (entry.tag === '!complex') {
        dtype = 'complex128';
        const z = entry.complex('entry');
        re[at] = z.re;
        im[at] = z.im;
      } else {
        const x = entry.number('entry');
        if (Number.isInteger(x) && dtype === 'float64' && k === 0)
          dtype = isIntText(entry) ? 'int64' : 'float64';
        re[at] = x;
      }
    }
  }
  return { rows, cols, re, im, dtype };
}

function isIntText(ref: NodeRef): boolean {
  const node = ref.node;
  const range = node?.range;
  return !!range && /^[-+]?\d+$/.test(ref.src.text.slice(range[0], range[1]).trim());
}
