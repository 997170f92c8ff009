import { useMemo, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { JobTable } from '../../src/renderer/features/job-monitor/table/JobTable';
import {
  DEFAULT_SORT,
  NO_FILTERS,
  queryJobs,
  type JobFilters,
  type JobSort,
} from '../../src/renderer/state/jobs/job-query';
import type { JobRecord } from '../../src/renderer/state/jobs/store';
import '../../src/renderer/styles/base.css';
import '../../src/renderer/features/job-monitor/job-monitor.css';
import '../../src/renderer/features/job-monitor/table/job-table.css';
import { memberName } from '../../src/shared/sweeps/sweep-spec';

/**
 * The job table on its own, in Chromium, with 100,000 rows: only a screenful is in the DOM, the
 * monitor's own query filters and sorts it, the keyboard reaches the last row. (The e2e suite
 * shows the same table inside the app, fed by the local store; here it is the component alone.)
 */
const N = 100_000;
const STATUSES = ['completed', 'error', 'running', 'queued', 'cancelled', 'timeout'] as const;
const DEVICES = ['State-vector simulator', 'Sirius', 'Vega'];
const NOW = Date.UTC(2026, 10, 23, 12);
const deviceName = (id: number) => DEVICES[id - 1] ?? `device ${id}`;

function records(): JobRecord[] {
  return Array.from({ length: N }, (_, i) => {
    const id = N - i; // newest first, as the service lists them
    const created = NOW - id * 60_000;
    return {
      id,
      name: id % 1000 === 0 ? `vqe sweep ${id}` : `bell ${id}`,
      description: '',
      device_id: (id % 3) + 1,
      status: STATUSES[id % STATUSES.length],
      jobType: id % 2 ? 'digital' : 'pulse',
      created_at: new Date(created).toISOString(),
      updated_at: null,
      completed_at: new Date(created + (id % 7) * 1000).toISOString(),
    };
  });
}

function Harness({ rows: all, width = 1100 }: { rows: JobRecord[]; width?: number }) {
  const [filters, setFilters] = useState<JobFilters>(NO_FILTERS);
  const [sort, setSort] = useState<JobSort>(DEFAULT_SORT);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const rows = useMemo(() => queryJobs(all, filters, sort, deviceName, NOW), [all, filters, sort]);
  return (
    <div style={{ height: '640px', width: `${width}px`, display: 'flex', flexDirection: 'column' }}>
      <input
        aria-label="Search jobs"
        value={filters.query}
        onChange={(e) => setFilters({ ...filters, query: e.target.value })}
      />
      <button type="button" onClick={() => setFilters({ ...filters, statuses: ['error'] })}>
        Only errors
      </button>
      <output data-testid="shown">{rows.length}</output>
      <div style={{ flex: 1, minHeight: 0, display: 'flex' }}>
        <JobTable
          rows={rows}
          loading={false}
          deviceName={deviceName}
          showJobType
          sort={sort}
          onSort={(key) =>
            setSort((s) => ({ key, dir: s.key === key && s.dir === 'desc' ? 'asc' : 'desc' }))
          }
          selectedId={selectedId}
          openId={null}
          changed={{}}
          onSelect={setSelectedId}
          onOpen={() => undefined}
          progress={() => null}
          rowMenu={() => []}
        />
      </div>
    </div>
  );
}

const renderedRows = () => document.querySelectorAll('.job-row[data-job-id]');
const rowIds = () => [...renderedRows()].map((r) => Number(r.getAttribute('data-job-id')));

describe('the job table with 100,000 rows', () => {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    root.render(<Harness rows={records()} />);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  it('draws a screenful, not 100,000 rows, and counts all of them', async () => {
    const grid = page.getByRole('grid');
    await expect.element(grid).toHaveAttribute('aria-rowcount', String(N + 1));
    await expect.element(page.getByTestId('shown')).toHaveTextContent(String(N));
    expect(renderedRows().length).toBeGreaterThan(10);
    expect(renderedRows().length).toBeLessThan(80);
    expect(rowIds()[0]).toBe(N);
  });

  it('filters by name and by status, and the table follows', async () => {
    await userEvent.fill(page.getByLabelText('Search jobs'), 'vqe');
    await expect.element(page.getByTestId('shown')).toHaveTextContent('100');
    await expect.element(page.getByRole('grid')).toHaveAttribute('aria-rowcount', '101');
    expect(rowIds().every((id) => id % 1000 === 0)).toBe(true);
    expect(document.querySelector('.job-row[data-job-id]')?.textContent).toContain('vqe sweep');

    await userEvent.fill(page.getByLabelText('Search jobs'), '');
    await userEvent.click(page.getByRole('button', { name: 'Only errors' }));
    // Every sixth id has status error: 16,667 of 100,000.
    await expect.element(page.getByTestId('shown')).toHaveTextContent('16667');
    const shownStatuses = [...document.querySelectorAll('.job-row[data-job-id] [data-status]')];
    expect(shownStatuses.length).toBeGreaterThan(10);
    expect(shownStatuses.every((s) => s.getAttribute('data-status') === 'error')).toBe(true);
  });

  it('sorts by a column header, and End reaches the last of 100,000 by keyboard', async () => {
    await userEvent.click(page.getByRole('button', { name: 'ID', exact: true }));
    await expect.poll(() => rowIds()[0]).toBe(1);

    await userEvent.click(document.querySelector('.job-row[data-job-id="1"]')!);
    await userEvent.keyboard('{End}');
    await expect.poll(() => rowIds().includes(N)).toBe(true);
    await expect
      .element(page.getByRole('row', { selected: true }))
      .toHaveAttribute('data-job-id', String(N));
    expect(renderedRows().length).toBeLessThan(80);
  });
});

describe('sweep members in a narrow name column (issue 25)', () => {
  let host: HTMLDivElement;
  let root: Root;
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  it('keep their place in the batch in sight when the batch’s name is cut', async () => {
    const members = records()
      .slice(0, 9)
      .map((r, i) => ({ ...r, name: memberName('RY rotation sweep 14:05', 9 - i, 9) }));
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    // As narrow as the list gets beside an open job.
    root.render(<Harness rows={members} width={560} />);
    await expect.poll(() => renderedRows().length).toBe(9);
    const places = [...document.querySelectorAll('.job-row[data-job-id] .jc-name-place')];
    expect(places.map((p) => p.textContent)).toEqual(
      Array.from({ length: 9 }, (_, i) => `[${9 - i}/9]`),
    );
    for (const place of places) {
      const cell = place.closest('.jc-name')!.getBoundingClientRect();
      const box = place.getBoundingClientRect();
      expect(box.width).toBeGreaterThan(0);
      expect(box.right).toBeLessThanOrEqual(cell.right);
    }
  });
});
