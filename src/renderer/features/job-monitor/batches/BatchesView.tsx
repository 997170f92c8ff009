import { useEffect, useMemo, useState } from 'react';
import { StateMessage } from '../../../ui/components/States';
import { describeError } from '../../../services/errors';
import { useAppStore } from '../../../state/app/store';
import { selectVariant } from '../../../state/connection/store';
import { useConnectionStore } from '../../../state/connection/store';
import type { BatchMember, BatchView } from '../../../../shared/ipc/batch-schemas';
import { DataTable, LineChart } from '../../../ui/charts';
import { useBatchesStore } from '../../../state/batches/store';
import type { VariantId } from '../../../../shared/variants';
import type { Headline } from './headline';
import { useBatch, useBatchList } from './use-batch';
import './batches.css';
import { showBidiControls } from '../../../../shared/text/bidi';

const STATE_WORDS: Record<BatchMember['state'], string> = {
  planned: 'waiting to be sent',
  sending: 'being sent',
  submitted: 'submitted',
  unknown: 'outcome unknown',
  failed: 'refused',
};

function memberStatus(m: BatchMember): string {
  return m.state === 'submitted' ? (m.jobStatus ?? 'submitted') : STATE_WORDS[m.state];
}

function fmt(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toPrecision(6).replace(/\.?0+$/, '');
}

/** The batch's controls: pause, resume, retry, with what each would do. */
function BatchControls({ batch }: { batch: BatchView }) {
  const notify = useAppStore((s) => s.notify);
  const act = (name: 'batches.pause' | 'batches.resume' | 'batches.retry', doing: string) =>
    void useBatchesStore
      .getState()
      .control(name, batch.id)
      .catch((e: unknown) => notify('err', describeError(e, doing).detail));
  const retryable = batch.counts.failed + batch.counts.unknown;
  return (
    <div className="batch-controls" role="toolbar" aria-label="Batch">
      {batch.state === 'running' ? (
        <button
          type="button"
          className="btn"
          onClick={() => act('batches.pause', 'pause the batch')}
        >
          Pause
        </button>
      ) : null}
      {batch.state === 'paused' ? (
        <button
          type="button"
          className="btn"
          onClick={() => act('batches.resume', 'resume the batch')}
        >
          Resume
        </button>
      ) : null}
      <button
        type="button"
        className="btn"
        disabled={retryable === 0}
        title="Sends refused members again; a member whose outcome is unknown is first looked for in the job list"
        onClick={() => act('batches.retry', 'retry the batch')}
      >
        Retry {retryable ? `${retryable} ` : ''}failed
      </button>
    </div>
  );
}

function BatchDetail({
  batch,
  headlines,
}: {
  batch: BatchView;
  headlines: Map<number, Headline | string>;
}) {
  const requestJob = useAppStore((s) => s.requestJob);
  const param = batch.parameters[0];
  const rows = batch.members;
  const points = useMemo(() => {
    const xs: number[] = [];
    const ys: number[] = [];
    let label = 'result';
    for (const m of [...rows].sort((a, b) => a.values[0]! - b.values[0]!)) {
      const h = m.jobId !== null ? headlines.get(m.jobId) : undefined;
      if (!h || typeof h === 'string') continue;
      xs.push(m.values[0]!);
      ys.push(h.value);
      label = h.label;
    }
    return { xs, ys, label };
  }, [rows, headlines]);
  const done = rows.filter((m) => m.jobStatus === 'completed').length;
  const short = (path: string) => path.split('.').slice(-2).join('.');
  return (
    <section className="batch-detail" aria-labelledby="batch-title">
      <header className="batch-head">
        <div>
          <h2 id="batch-title">{showBidiControls(batch.name)}</h2>
          <p className="batch-sub" data-testid="batch-progress">
            {batch.counts.submitted} of {batch.counts.total} submitted to {batch.deviceCode} ·{' '}
            {done} completed ·{' '}
            {batch.state === 'running' ? `sending, ${batch.ratePerSecond} a second` : batch.state}
          </p>
          {batch.note ? <p className="field-error">{batch.note}</p> : null}
        </div>
        <BatchControls batch={batch} />
      </header>
      <progress
        className="batch-bar"
        max={batch.counts.total}
        value={done}
        aria-label="Completed members"
      />
      {param && points.xs.length >= 2 ? (
        <LineChart
          title={`${points.label} against ${short(param.path)}`}
          ariaLabel={`${points.label} of each member against ${param.path}`}
          x={points.xs}
          series={[{ label: points.label, y: points.ys, markers: true }]}
          xLabel={short(param.path)}
          yLabel={points.label}
          height={240}
          exportName={`${batch.name} ${points.label}`}
          testId="batch-plot"
        />
      ) : (
        <p className="batch-waiting">The plot appears as members complete ({done} so far).</p>
      )}
      <DataTable
        caption="Members"
        testId="batch-members"
        columns={[
          { key: 'i', label: '#', numeric: true },
          ...batch.parameters.map((p) => ({ key: p.path, label: short(p.path), numeric: true })),
          { key: 'job', label: 'Job', numeric: true },
          { key: 'status', label: 'Status' },
          { key: 'h', label: points.label, numeric: true },
        ]}
        rowCount={rows.length}
        pageSize={50}
        row={(i) => {
          const m = rows[i]!;
          const h = m.jobId !== null ? headlines.get(m.jobId) : undefined;
          return [
            m.index,
            ...m.values.map(fmt),
            m.jobId !== null ? (
              <button type="button" className="link" onClick={() => requestJob(m.jobId!)}>
                {m.jobId}
              </button>
            ) : (
              '–'
            ),
            <span title={m.error ?? undefined} className={`batch-state is-${m.state}`}>
              {memberStatus(m)}
              {m.error ? ` — ${m.error}` : ''}
            </span>,
            h === undefined ? (
              ''
            ) : typeof h === 'string' ? (
              <span title={h}>–</span>
            ) : (
              fmt(h.value) + (h.error ? ` ± ${fmt(h.error)}` : '')
            ),
          ];
        }}
      />
    </section>
  );
}

function BatchPane({ id, variant }: { id: string; variant: VariantId }) {
  const { batch, headlines, error } = useBatch(id, variant);
  return (
    <>
      {error ? <p className="field-error">{error}</p> : null}
      {batch ? (
        <BatchDetail batch={batch} headlines={headlines} />
      ) : (
        <div aria-busy="true" className="view-loading" />
      )}
    </>
  );
}

/** Every sweep sent from this app on this connection, and one batch in full. */
export function BatchesView() {
  const variant = useConnectionStore(selectVariant);
  const { batches, storage, error: listError } = useBatchList();
  // A batch asked for (the sweep dialog's submit) is shown, whether this view was open or not.
  const [selected, setSelected] = useState<string | null>(() => useBatchesStore.getState().wanted);
  useEffect(() => {
    const { takeWanted } = useBatchesStore.getState();
    takeWanted();
    return useBatchesStore.subscribe(
      (s) => s.wanted,
      (id) => id !== null && setSelected(takeWanted() ?? id),
    );
  }, []);
  const shown = selected ?? batches[0]?.id ?? null;

  if (!batches.length && !shown)
    return (
      <StateMessage icon="jobs" title="No batches yet">
        <p>
          {listError ??
            'Sweep a payload from the editor (“Sweep…”) to send it with many values as one batch.'}
        </p>
      </StateMessage>
    );
  return (
    <div className="batches-view">
      <nav className="batch-list" aria-label="Batches">
        {storage ? <p className="field-hint">{storage}</p> : null}
        <ul>
          {batches.map((b) => (
            <li key={b.id}>
              <button
                type="button"
                className={`batch-item ${b.id === shown ? 'is-active' : ''}`}
                aria-current={b.id === shown ? 'true' : undefined}
                onClick={() => setSelected(b.id)}
              >
                <span className="batch-item-name">{b.name}</span>
                <span className="batch-item-sub">
                  {b.counts.submitted}/{b.counts.total} · {b.state}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="batch-main">
        {shown ? <BatchPane key={shown} id={shown} variant={variant} /> : null}
      </div>
    </div>
  );
}
