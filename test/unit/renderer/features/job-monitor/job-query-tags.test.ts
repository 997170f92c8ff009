import { describe, expect, it } from 'vitest';
import type { JobRow } from '../../../../../src/renderer/state/jobs/job-query';
import {
  NO_FILTERS,
  createJobQuery,
  filterJobs,
  hasFilters,
  splitTagQuery,
} from '../../../../../src/renderer/state/jobs/job-query';

const rows: JobRow[] = [5, 4, 3, 2, 1].map((id) => ({
  id,
  name: id % 2 ? `bell ${id}` : `rabi ${id}`,
  device_id: 1,
  status: 'completed',
  created_at: `2026-01-0${id}T10:00:00.000Z`,
}));
const index = new Map<number, string[]>([
  [5, ['calib', 'q0']],
  [4, ['calib']],
  [1, ['q0']],
]);
const ids = (r: JobRow[]) => r.map((x) => x.id);

describe('searching jobs by tag', () => {
  it('reads tag: words out of the search text, in lower case', () => {
    expect(splitTagQuery('tag:Calib bell tag:q0')).toEqual({ tags: ['calib', 'q0'], text: 'bell' });
    expect(splitTagQuery('bell')).toEqual({ tags: [], text: 'bell' });
    expect(splitTagQuery('tag:')).toEqual({ tags: [], text: '' });
  });

  it('keeps the jobs carrying every tag asked for, by the filter or in the search', () => {
    expect(ids(filterJobs(rows, { ...NO_FILTERS, tags: ['calib'] }, index))).toEqual([5, 4]);
    expect(ids(filterJobs(rows, { ...NO_FILTERS, query: 'tag:calib tag:q0' }, index))).toEqual([5]);
    expect(ids(filterJobs(rows, { ...NO_FILTERS, query: 'tag:q0 bell' }, index))).toEqual([5, 1]);
    expect(ids(filterJobs(rows, { ...NO_FILTERS, tags: ['calib'], query: 'rabi' }, index))).toEqual(
      [4],
    );
    expect(ids(filterJobs(rows, { ...NO_FILTERS, tags: ['nowhere'] }, index))).toEqual([]);
    // Without the index (not loaded yet) a tag filter shows nothing rather than everything.
    expect(ids(filterJobs(rows, { ...NO_FILTERS, tags: ['calib'] }))).toEqual([]);
    expect(hasFilters({ ...NO_FILTERS, tags: ['calib'] })).toBe(true);
  });

  it('the kept query filters by the index it is given each time', () => {
    const query = createJobQuery();
    const sort = { key: 'id', dir: 'desc' } as const;
    const f = { ...NO_FILTERS, query: 'tag:calib' };
    expect(ids(query(rows, f, sort, String, 0, index))).toEqual([5, 4]);
    const later = new Map(index).set(2, ['calib']);
    expect(ids(query(rows, f, sort, String, 0, later))).toEqual([5, 4, 2]);
  });
});

describe('free text (issue 25: notes were not searchable, and plain text did not match tags)', () => {
  const notes = new Map<number, string>([
    [2, 'Drifted after the fridge warm-up'],
    [3, 'baseline for q0'],
  ]);

  it('finds a job by words in its name, its tags or its note', () => {
    const f = (query: string) => ids(filterJobs(rows, { ...NO_FILTERS, query }, index, notes));
    expect(f('calib')).toEqual([5, 4]);
    expect(f('FRIDGE')).toEqual([2]);
    // A name, a tag and a note at once.
    expect(f('q0')).toEqual([5, 3, 1]);
    expect(f('rabi')).toEqual([4, 2]);
    expect(f('nothing like it')).toEqual([]);
    // `tag:` stays exact: a note that mentions q0 is not tagged q0.
    expect(ids(filterJobs(rows, { ...NO_FILTERS, query: 'tag:q0' }, index, notes))).toEqual([5, 1]);
  });

  it('the kept query reads the notes it is given each time', () => {
    const query = createJobQuery();
    const sort = { key: 'id', dir: 'desc' } as const;
    const f = { ...NO_FILTERS, query: 'warm-up' };
    expect(ids(query(rows, f, sort, String, 0, index, notes))).toEqual([2]);
    expect(
      ids(query(rows, f, sort, String, 0, index, new Map(notes).set(4, 'warm-up run'))),
    ).toEqual([4, 2]);
  });
});
