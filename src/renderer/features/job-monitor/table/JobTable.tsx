import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent } from 'react';
import { MenuList } from '../../../ui/components/Menu';
import type { MenuItem } from '../../../ui/components/Menu';
import { Skeleton } from '../../../ui/components/States';
import type { JobRecord, JobSort } from '../../../state/jobs/store';
import { formatLocal, formatUtc } from '../job-format';
import { jobTypeText } from '../../../state/jobs/job-query';
import type { SortKey } from '../../../state/jobs/job-query';
import { JobDuration } from './JobDuration';
import type { LogProgress } from '../../../../shared/jobs/log-progress';
import { JobProgressCell } from './JobEta';
import { memberNameParts } from '../../../../shared/sweeps/sweep-spec';
import { JobStatusChip } from './status-look';
import './job-table.css';
import { showBidiControls } from '../../../../shared/text/bidi';

/** Fixed row height in px: rows are placed by TanStack Virtual from this, never measured. */
export const ROW_HEIGHT = 32;
const SKELETON_ROWS = 12;

interface Column {
  key: SortKey;
  label: string;
  className: string;
}

const COLUMNS: Column[] = [
  { key: 'id', label: 'ID', className: 'jc-id' },
  { key: 'name', label: 'Name', className: 'jc-name' },
  { key: 'device', label: 'Device', className: 'jc-device' },
  { key: 'status', label: 'Status', className: 'jc-status' },
  { key: 'jobType', label: 'Job type', className: 'jc-type' },
  { key: 'created', label: 'Created', className: 'jc-created' },
  { key: 'duration', label: 'Duration', className: 'jc-duration' },
];

export interface JobTableProps {
  rows: JobRecord[];
  loading: boolean;
  deviceName: (id: number) => string;
  /** Variant B lists show the job type column. */
  showJobType: boolean;
  sort: JobSort;
  onSort: (key: SortKey) => void;
  selectedId: number | null;
  openId: number | null;
  changed: Record<number, unknown>;
  onSelect: (id: number) => void;
  onOpen: (id: number) => void;
  /** The rows on screen changed (Variant A fills their statuses in). */
  onVisible?: (rows: JobRecord[]) => void;
  /** The progress a running job's own log states, when it does (the same as its detail shows). */
  progress: (id: number) => LogProgress | null;
  /** The row menu's items for a job (the ⋯ button, right-click, the Menu key or Shift+F10). */
  rowMenu: (job: JobRecord) => MenuItem[];
  /** A job's tags (kept on this computer), shown after its name. */
  tagsOf?: (id: number) => readonly string[] | undefined;
}

/** Where the open row menu is: its job and the fixed position under (or above) its button. */
interface OpenRowMenu {
  job: JobRecord;
  style: CSSProperties;
}

/** Beside its button, under it, or above it when the window has no room below. */
function menuPlace(button: HTMLElement): CSSProperties {
  const r = button.getBoundingClientRect();
  const right = Math.max(8, window.innerWidth - r.right);
  return window.innerHeight - r.bottom < 200
    ? { position: 'fixed', right, top: 'auto', bottom: window.innerHeight - r.top + 4 }
    : { position: 'fixed', right, top: r.bottom + 4 };
}

/**
 * The job list as an ARIA grid, virtualized with a fixed row height so 100,000 rows cost what
 * 40 do. One row is in the tab order (the selected one); arrows, Page Up/Down, Home and End move
 * the selection, Enter opens the job.
 */
/**
 * A job's name in its cell. A sweep member's place in its batch (`[3/9]`) stays in sight when
 * the column is narrow and the batch's name is cut: otherwise every member reads the same.
 */
function JobName({ name }: { name: string }) {
  if (!name) return <span className="jc-name-text muted">(no name)</span>;
  const member = memberNameParts(name);
  if (!member) return <span className="jc-name-text">{showBidiControls(name)}</span>;
  return (
    <>
      <span className="jc-name-text">{showBidiControls(member.batch)}</span>
      <span className="jc-name-place">{showBidiControls(member.place)}</span>
    </>
  );
}

export function JobTable(props: JobTableProps) {
  const { rows, loading, selectedId, onSelect } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const columns = props.showJobType ? COLUMNS : COLUMNS.filter((c) => c.key !== 'jobType');
  // TanStack Virtual keeps its own mutable state, so what it returns must not be memoized (as
  // the React Compiler would): the hooks rule that says so is silenced for this call only.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: loading ? 0 : rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (i) => rows[i]?.id ?? i,
  });
  const items = virtualizer.getVirtualItems();
  const selectedIndex = selectedId === null ? -1 : rows.findIndex((r) => r.id === selectedId);

  const firstVisible = items[0]?.index ?? 0;
  const lastVisible = items[items.length - 1]?.index ?? -1;
  const { onVisible } = props;
  useEffect(() => {
    if (onVisible && lastVisible >= firstVisible)
      onVisible(rows.slice(firstVisible, lastVisible + 1));
  }, [onVisible, rows, firstVisible, lastVisible]);

  // Keyboard moves keep focus on the selected row once it is rendered.
  // Keyboard moves take focus to the selected row once it is rendered: after a long jump the
  // row appears only when the scroll has happened, a render or two later.
  const pendingFocus = useRef<number | null>(null);
  useEffect(() => {
    if (pendingFocus.current === null) return;
    const row = scroller.current?.querySelector<HTMLElement>(
      `[data-index="${pendingFocus.current}"]`,
    );
    if (!row) return;
    pendingFocus.current = null;
    row.focus({ preventScroll: true });
  });

  const move = (to: number) => {
    if (rows.length === 0) return;
    const index = Math.max(0, Math.min(rows.length - 1, to));
    pendingFocus.current = index;
    virtualizer.scrollToIndex(index, { align: 'auto' });
    onSelect(rows[index]!.id);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 320) / ROW_HEIGHT) - 1);
    const at = selectedIndex < 0 ? -1 : selectedIndex;
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(at + 1),
      ArrowUp: () => move(at <= 0 ? 0 : at - 1),
      PageDown: () => move(at + page),
      PageUp: () => move(at - page),
      Home: () => move(0),
      End: () => move(rows.length - 1),
      Enter: () => (at >= 0 ? props.onOpen(rows[at]!.id) : undefined),
    };
    // The row menu from the keyboard: the Menu key, or Shift+F10.
    if ((e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) && at >= 0) {
      e.preventDefault();
      openMenu(rows[at]!);
      return;
    }
    const action = keys[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  };

  const tabStop =
    selectedIndex >= firstVisible && selectedIndex <= lastVisible ? selectedIndex : firstVisible;

  const [menu, setMenu] = useState<OpenRowMenu | null>(null);
  const rowElement = (id: number) =>
    scroller.current?.querySelector<HTMLElement>(`.job-row[data-job-id="${id}"]`) ?? null;
  const openMenu = (job: JobRecord) => {
    const button = rowElement(job.id)?.querySelector<HTMLElement>('.job-menu-button');
    if (!button) return;
    onSelect(job.id);
    setMenu({ job, style: menuPlace(button) });
  };
  const closeMenu = (refocus: boolean) => {
    if (refocus && menu) rowElement(menu.job.id)?.focus({ preventScroll: true });
    setMenu(null);
  };

  return (
    <div
      className={`job-grid${props.showJobType ? ' has-type' : ''}`}
      role="grid"
      aria-label="Jobs"
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length}
      aria-busy={loading}
      data-testid="job-table"
      data-row-count={loading ? 0 : rows.length}
    >
      <div className="job-row job-head" role="row" aria-rowindex={1}>
        {columns.map((c) => {
          const sorted = props.sort.key === c.key;
          return (
            <div
              key={c.key}
              role="columnheader"
              className={c.className}
              aria-sort={sorted ? (props.sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
            >
              <button
                type="button"
                className="job-sort"
                onClick={() => props.onSort(c.key)}
                title={`Sort by ${c.label.toLowerCase()}`}
              >
                {c.label}
                <span className="job-sort-mark" aria-hidden="true">
                  {sorted ? (props.sort.dir === 'asc' ? '▲' : '▼') : ''}
                </span>
              </button>
            </div>
          );
        })}
      </div>
      <div
        ref={scroller}
        className="job-body"
        onKeyDown={onKeyDown}
        // The menu is placed where its button was: it goes when the list moves.
        onScroll={() => menu && setMenu(null)}
        role="rowgroup"
      >
        {loading ? (
          Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <div
              key={i}
              className="job-row is-skeleton"
              role="row"
              aria-hidden="true"
              style={{ height: ROW_HEIGHT }}
            >
              {columns.map((c) => (
                <div key={c.key} className={c.className}>
                  <Skeleton width={c.key === 'name' ? '70%' : '80%'} />
                </div>
              ))}
            </div>
          ))
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const job = rows[item.index]!;
              const selected = job.id === selectedId;
              const created = job.created_at;
              return (
                <div
                  key={item.key}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-selected={selected}
                  data-index={item.index}
                  data-job-id={job.id}
                  tabIndex={item.index === tabStop ? 0 : -1}
                  className={`job-row${selected ? ' is-selected' : ''}${job.id === props.openId ? ' is-open' : ''}${props.changed[job.id] ? ' is-changed' : ''}`}
                  style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                  onClick={() => {
                    onSelect(job.id);
                    props.onOpen(job.id);
                  }}
                  onFocus={() => selectedId === null && onSelect(job.id)}
                  onContextMenu={(e) => {
                    e.preventDefault();
                    openMenu(job);
                  }}
                >
                  <div role="gridcell" className="jc-id mono">
                    {job.id}
                  </div>
                  <div
                    role="gridcell"
                    className="jc-name"
                    title={rowSummary(job, props.deviceName, props.showJobType)}
                  >
                    <JobName name={job.name} />
                    <RowTags tags={props.tagsOf?.(job.id)} />
                    <button
                      type="button"
                      className="btn btn-ghost btn-icon job-menu-button"
                      tabIndex={-1}
                      aria-haspopup="menu"
                      aria-expanded={menu?.job.id === job.id}
                      aria-label={`Actions for job ${job.id}`}
                      title="Actions (Shift+F10)"
                      onClick={(e) => {
                        e.stopPropagation();
                        if (menu?.job.id === job.id) setMenu(null);
                        else openMenu(job);
                      }}
                    >
                      ⋯
                    </button>
                  </div>
                  <div role="gridcell" className="jc-device">
                    {props.deviceName(job.device_id)}
                  </div>
                  <div role="gridcell" className="jc-status">
                    <JobStatusChip status={job.status} compact />
                  </div>
                  {props.showJobType ? (
                    <div role="gridcell" className="jc-type">
                      {jobTypeText(job) ?? (
                        <span
                          className="muted"
                          title="The job list does not carry the job type: it is looked up for the rows on screen, and shown once the service has said it"
                        >
                          not loaded
                        </span>
                      )}
                    </div>
                  ) : null}
                  <div role="gridcell" className="jc-created">
                    <time dateTime={created} title={formatUtc(created)}>
                      {formatLocal(created, true)}
                    </time>
                  </div>
                  <div role="gridcell" className="jc-duration">
                    {/* A running job says how far it is, where the others say how long. */}
                    <JobProgressCell
                      job={job}
                      log={props.progress(job.id)}
                      deviceName={props.deviceName(job.device_id)}
                      age={<JobDuration job={job} />}
                    />
                  </div>
                </div>
              );
            })}
          </div>
        )}
      </div>
      {menu ? (
        <MenuList
          label={`Actions for job ${menu.job.id}`}
          items={props.rowMenu(menu.job)}
          className="job-row-menu"
          style={menu.style}
          onClose={closeMenu}
        />
      ) : null}
    </div>
  );
}

/**
 * The name cell's tooltip: the job in one glance, including what a narrow list hides (device,
 * job type, creation time). The detail's summary has all of it for keyboard and screen readers.
 */
function rowSummary(
  job: JobRecord,
  deviceName: (id: number) => string,
  showJobType: boolean,
): string {
  const type = showJobType ? jobTypeText(job) : null;
  return [
    showBidiControls(job.name) || '(no name)',
    job.description && job.description !== job.name ? showBidiControls(job.description) : null,
    `Device: ${deviceName(job.device_id)}`,
    type ? `Job type: ${type}` : null,
    `Created: ${formatLocal(job.created_at)}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** A row's tags after its name, as small chips (the detail edits them). */
function RowTags({ tags }: { tags: readonly string[] | undefined }) {
  if (!tags?.length) return null;
  return (
    <span className="jc-tags" data-testid="row-tags">
      {tags.map((t) => (
        <span key={t} className="jc-tag">
          {t}
        </span>
      ))}
    </span>
  );
}
