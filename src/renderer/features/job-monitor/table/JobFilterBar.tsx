import { useEffect, useId, useRef, useState } from 'react';
import { JOB_STATUSES } from '../../../../shared/variants';
import type { JobStatus } from '../../../../shared/variants';
import { Icon } from '../../../ui/components/Icon';
import type { JobFilters } from '../../../state/jobs/job-query';
import { statusLabel } from './status-look';
import { showBidiControls } from '../../../../shared/text/bidi';

const STATUS_OPTIONS: (JobStatus | 'unknown')[] = [...JOB_STATUSES, 'unknown'];

function toggle<T>(list: T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/**
 * Search by id or words in a job's name, tags and note, and filters by status, device, tag,
 * job type (Variant B) and creation date. The set of controls never changes with the data, so
 * the bar keeps its size (Clear filters sits beside the job count, in the header).
 */
export function JobFilterBar({
  filters,
  onChange,
  devices,
  jobTypes,
  statusCounts,
  knownTags = [],
}: {
  filters: JobFilters;
  onChange: (patch: Partial<JobFilters>) => void;
  devices: { id: number; name: string }[];
  /** Empty when the variant has no job types on its records (Variant A). */
  jobTypes: readonly string[];
  statusCounts: Record<string, number>;
  /** Every tag of the connection's jobs (kept on this computer); no Tag filter when empty. */
  knownTags?: readonly string[];
}) {
  const idBase = useId();
  return (
    <div className="jm-filters" role="search" aria-label="Find jobs">
      <div className="jm-search">
        <Icon name="search" size={14} />
        <input
          type="search"
          className="input"
          placeholder="Search by id, name, tag or note"
          aria-label="Search jobs by id, or by words in their name, tags or note (tag:name for one tag exactly)"
          value={filters.query}
          onChange={(e) => onChange({ query: e.target.value })}
          data-testid="job-search"
        />
      </div>
      <StatusFilter
        selected={filters.statuses}
        counts={statusCounts}
        onChange={(statuses) => onChange({ statuses })}
      />
      <label className="jm-field">
        <span>Device</span>
        <select
          className="select"
          value={filters.deviceIds[0] ?? ''}
          onChange={(e) =>
            onChange({ deviceIds: e.target.value === '' ? [] : [Number(e.target.value)] })
          }
        >
          <option value="">Any</option>
          {devices.map((d) => (
            <option key={d.id} value={d.id}>
              {showBidiControls(d.name)}
            </option>
          ))}
        </select>
      </label>
      {/* Always there, so the first tag added does not push the filters onto another row. */}
      <label className="jm-field">
        <span>Tag</span>
        <select
          className="select"
          value={filters.tags[0] ?? ''}
          disabled={knownTags.length === 0 && filters.tags.length === 0}
          title={
            knownTags.length || filters.tags.length
              ? undefined
              : 'No job has a tag yet: tags added to a job (its Summary) appear here'
          }
          onChange={(e) => onChange({ tags: e.target.value ? [e.target.value] : [] })}
          data-testid="tag-filter"
        >
          <option value="">{knownTags.length || filters.tags.length ? 'Any' : 'None yet'}</option>
          {[...new Set([...knownTags, ...filters.tags])].sort().map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      {jobTypes.length ? (
        <label className="jm-field">
          <span>Job type</span>
          <select
            className="select"
            value={filters.jobTypes[0] ?? ''}
            onChange={(e) => onChange({ jobTypes: e.target.value ? [e.target.value] : [] })}
          >
            <option value="">Any</option>
            {jobTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <fieldset className="jm-dates">
        <legend className="visually-hidden">Created between</legend>
        <label htmlFor={`${idBase}-from`}>Created</label>
        <input
          id={`${idBase}-from`}
          type="date"
          className="input"
          aria-label="Created from"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => onChange({ from: e.target.value })}
        />
        <span aria-hidden="true">–</span>
        <input
          type="date"
          className="input"
          aria-label="Created until"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
        />
      </fieldset>
    </div>
  );
}

/** Statuses as a checkbox list in a popover: several can be chosen at once, each with its count. */
function StatusFilter({
  selected,
  counts,
  onChange,
}: {
  selected: (JobStatus | 'unknown')[];
  counts: Record<string, number>;
  onChange: (next: (JobStatus | 'unknown')[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    anchor.current?.querySelector<HTMLInputElement>('input')?.focus();
    const onDown = (e: MouseEvent) => {
      if (!anchor.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
  const summary =
    selected.length === 0
      ? 'Any'
      : selected.length === 1
        ? statusLabel(selected[0] === 'unknown' ? null : selected[0])
        : `${selected.length} chosen`;
  return (
    <div className="jm-popover-anchor" ref={anchor}>
      <button
        ref={button}
        type="button"
        className="btn"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((v) => !v)}
        data-testid="status-filter"
      >
        Status: {summary}
        <Icon name="chevronDown" size={13} />
      </button>
      {open ? (
        <fieldset
          id={id}
          className="jm-popover"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              setOpen(false);
              button.current?.focus();
            }
          }}
        >
          <legend className="visually-hidden">Show jobs with status</legend>
          {STATUS_OPTIONS.map((st) => (
            <label key={st} className="jm-check">
              <input
                type="checkbox"
                checked={selected.includes(st)}
                onChange={() => onChange(toggle(selected, st))}
              />
              <span>{st === 'unknown' ? 'Not known yet' : statusLabel(st)}</span>
              <span className="muted jm-count">{(counts[st] ?? 0).toLocaleString()}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
