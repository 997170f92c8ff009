import { useId, useState } from 'react';
import type { ReactNode } from 'react';

export interface Column {
  key: string;
  label: string;
  /** Right-aligned, monospaced. */
  numeric?: boolean;
}

export interface DataTableProps {
  caption: string;
  columns: readonly Column[];
  rowCount: number;
  /** Cells of row `i`; only the rows of the current page are asked for. */
  row: (i: number) => ReactNode[];
  pageSize?: number;
  /** Shown when there are no rows. */
  empty?: string;
  /** Hide the caption visually (it still names the table for screen readers). */
  hideCaption?: boolean;
  testId?: string;
}

/**
 * A paged table: a million rows cost one page of DOM. Pages are reached with buttons (keyboard
 * reachable) and the range shown is announced.
 */
export function DataTable({
  caption,
  columns,
  rowCount,
  row,
  pageSize = 50,
  empty = 'No rows.',
  hideCaption,
  testId,
}: DataTableProps) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rowCount / pageSize));
  const current = Math.min(page, pages - 1);
  const from = current * pageSize;
  const to = Math.min(rowCount, from + pageSize);
  const statusId = useId();
  const rows: ReactNode[] = [];
  for (let i = from; i < to; i++) {
    const cells = row(i);
    rows.push(
      <tr key={i}>
        {cells.map((cell, c) => (
          <td key={columns[c]?.key ?? c} className={columns[c]?.numeric ? 'num' : undefined}>
            {cell}
          </td>
        ))}
      </tr>,
    );
  }
  return (
    <div className="data-table" data-testid={testId}>
      <div className="data-table-scroll">
        <table aria-describedby={pages > 1 ? statusId : undefined}>
          <caption className={hideCaption ? 'visually-hidden' : undefined}>{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={c.numeric ? 'num' : undefined}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rowCount === 0 ? (
              <tr>
                <td colSpan={columns.length} className="data-table-empty">
                  {empty}
                </td>
              </tr>
            ) : (
              rows
            )}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <div className="data-table-pager">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => setPage(0)}
            disabled={current === 0}
            aria-label="First page"
          >
            «
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => setPage(current - 1)}
            disabled={current === 0}
            aria-label="Previous page"
          >
            ‹
          </button>
          <span id={statusId} aria-live="polite">
            Rows {(from + 1).toLocaleString('en-US')}–{to.toLocaleString('en-US')} of{' '}
            {rowCount.toLocaleString('en-US')}
          </span>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => setPage(current + 1)}
            disabled={current >= pages - 1}
            aria-label="Next page"
          >
            ›
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => setPage(pages - 1)}
            disabled={current >= pages - 1}
            aria-label="Last page"
          >
            »
          </button>
        </div>
      ) : null}
    </div>
  );
}
