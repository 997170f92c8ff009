import { describe, expect, it } from 'vitest';
import type { RecordColumns } from '../../../../src/core/job-store/record-columns';
import {
  fingerprint,
  readBriefs,
  readRow,
  recordRowSchema,
  toColumns,
} from '../../../../src/core/job-store/record-columns';
import { jobInfo } from '../../../support/wire-fixtures';

const record = jobInfo(7, 'running', { name: 'bell' });

describe('fingerprint', () => {
  it('is the same for the same record and differs when any column does', () => {
    const base = toColumns(record, 'running', null);
    expect(fingerprint(toColumns({ ...record }, 'running', null))).toBe(fingerprint(base));
    const variants: RecordColumns[] = base.map((_, i) => {
      const row = [...base] as RecordColumns;
      (row as unknown[])[i] = i === 0 || i === 5 ? 8 : i === 1 ? 'completed' : 'x';
      return row;
    });
    // Null and text, a number and its digits, and a boundary moved between two columns.
    variants.push(toColumns({ ...record, updated_at: 'null' }, 'running', null));
    variants.push(toColumns({ ...record, name: 'bel', description: 'l' }, 'running', null));
    const fps = new Set(variants.map(fingerprint));
    expect(fps.size).toBe(variants.length);
    expect(fps.has(fingerprint(base))).toBe(false);
    for (const fp of fps) expect(Number.isSafeInteger(fp) && fp >= 0).toBe(true);
  });

  it('ignores the heavy parts of a detail, which are not kept in the record', () => {
    const detail = { ...record, logs: 'a long log', payload: null, result: null };
    expect(fingerprint(toColumns(detail, 'running', null))).toBe(
      fingerprint(toColumns(record, 'running', null)),
    );
  });
});

describe('readBriefs', () => {
  it('pairs ids with fingerprints and what was learnt, and reads a bad value as "read it whole"', () => {
    const briefs = readBriefs(
      [1, 2, 3, 4, 'five', 6],
      [11, null, 13, 'x', 15, 16],
      [
        [1, 'completed', null],
        [3, 'exploded', null],
        [6, null, 'digital'],
      ],
    );
    expect(briefs).toEqual([
      [1, 11, ['completed', null]],
      [2, null, null],
      // Its learnt status does not fit: read whole.
      [3, null, null],
      [4, null, null],
      [6, 16, [null, 'digital']],
    ]);
  });
});

describe('readRow', () => {
  // The hand check in front of zod must never let through what zod refuses: every row it
  // accepts, zod accepts; anything else gets zod's verdict.
  it('accepts exactly the rows the zod row schema accepts', () => {
    const good = toColumns({ ...record, message: 'm', jobType: 'digital' }, 'running', 'digital');
    const odd: unknown[] = [
      null,
      undefined,
      0,
      -1,
      1.5,
      2 ** 53,
      NaN,
      '',
      '1',
      'completed',
      true,
      {},
      [],
    ];
    const rows: unknown[] = [good, [...good, null], good.slice(0, 10), 'not a row', null];
    // Every column but `extra`, whose text is further checked as a JSON object after zod.
    good.slice(0, 10).forEach((_, i) => {
      for (const value of odd) {
        const row: unknown[] = [...good];
        row[i] = value;
        rows.push(row);
      }
    });
    for (const row of rows) {
      const read = readRow(row);
      const zod = recordRowSchema.safeParse(row).success;
      expect({ row, ok: read.ok }).toEqual({ row, ok: zod });
    }
  });
});

describe('a field named __proto__ in a service record', () => {
  it('is kept as a field, round trip, and never changes a prototype', () => {
    const hostile = JSON.parse(
      JSON.stringify(record).replace(/^\{/, '{"__proto__":{"polluted":true},"lab":"x",'),
    ) as typeof record;
    const row = toColumns(hostile, 'running', null);
    expect(JSON.parse(row[10]!)).toEqual(JSON.parse('{"__proto__":{"polluted":true},"lab":"x"}'));
    const read = readRow(row);
    if (!read.ok) throw new Error(read.problem);
    expect(Object.getPrototypeOf(read.info)).toBe(Object.prototype);
    expect(Object.hasOwn(read.info, '__proto__')).toBe(true);
    expect((read.info as unknown as { polluted?: boolean }).polluted).toBeUndefined();
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
