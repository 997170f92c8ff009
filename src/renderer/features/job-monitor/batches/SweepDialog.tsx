import { useMemo, useState } from 'react';
import { Dialog } from '../../../ui/components/Dialog';
import { describeError } from '../../../services/errors';
import { useAppStore } from '../../../state/app/store';
import { selectVariant } from '../../../state/connection/store';
import { useConnectionStore } from '../../../state/connection/store';
import { useDevicesStore } from '../../../state/devices/store';
import { useSubmitStore } from '../../../state/submit/store';
import { DEFAULT_BATCH_RATE } from '../../../../shared/ipc/batch-schemas';
import { numericNodes } from '../../../../shared/sweeps/numeric-nodes';
import { describeInvalidMembers, planSweep } from '../../../../shared/sweeps/plan-sweep';
import type { SweepCombine } from '../../../../shared/sweeps/sweep-spec';
import { MAX_BATCH_NAME } from '../../../../shared/sweeps/sweep-spec';
import { useBatchesStore } from '../../../state/batches/store';
import { editorCursor } from '../../../state/editor/cursor';
import { payloadFacts } from '../../../state/editor/analysis/payload-facts';
import { readHeaderComment } from '../../../../shared/yaml/header-comment';
import { WORK_LABEL, deviceFits } from '../../../../shared/devices/device-fit';
import { VARIANTS } from '../../../../shared/variants';
import { headlineOfDetail } from './headline';
import { sweepLabel, sweepOrder, sweepValue } from './sweep-choices';
import './sweep-dialog.css';

interface Row {
  path: string;
  values: string;
}

const PREVIEW_ROWS = 50;

/** "<the payload's # title:, else the tab's name> sweep 14:05" ("sweep" once). */
function defaultName(text: string, title: string): string {
  const time = new Date().toTimeString().slice(0, 5);
  const named = readHeaderComment(text).title ?? title.replace(/\.ya?ml$/i, '');
  return `${/\bsweep$/i.test(named) ? named : `${named} sweep`} ${time}`.slice(0, MAX_BATCH_NAME);
}

/**
 * A sweep of the payload in the editor: which numbers (offered from the document, the one under
 * the cursor first) and their values, the payloads it makes (each checked as a submission is),
 * a dry run of the first on the simulator's engine, then one batch on the chosen device.
 */
export function SweepDialog({
  text,
  title,
  onClose,
}: {
  text: string;
  title: string;
  onClose: () => void;
}) {
  const variant = useConnectionStore(selectVariant);
  const devices = useDevicesStore((s) => s.devices);
  const picked = useSubmitStore((s) => s.deviceCode);
  const notify = useAppStore((s) => s.notify);
  const nodes = useMemo(() => sweepOrder(numericNodes(text), editorCursor()), [text]);
  // Only the devices that can run the payload, as the pre-flight shows them.
  const work = useMemo(
    () =>
      payloadFacts(
        text,
        VARIANTS[variant].executeKinds
          .filter((k) => k.functionalKind !== 'functional object')
          .map((k) => k.executeType),
      ).work,
    [text, variant],
  );
  const fitting = useMemo(() => devices.filter((d) => deviceFits(d.type, work)), [devices, work]);
  const hidden = devices.length - fitting.length;
  const [rows, setRows] = useState<Row[]>([{ path: nodes[0]?.path ?? '', values: '' }]);
  const [combine, setCombine] = useState<SweepCombine>('grid');
  const [name, setName] = useState(() => defaultName(text, title));
  const [device, setDevice] = useState(
    (fitting.some((d) => d.code === picked) ? picked : null) ?? fitting[0]?.code ?? '',
  );
  const [rate, setRate] = useState(String(DEFAULT_BATCH_RATE));
  const [busy, setBusy] = useState(false);
  const [dryRun, setDryRun] = useState<string | null>(null);

  const filled = rows.every((r) => r.path.trim() && r.values.trim());
  const plan = useMemo(
    () =>
      filled
        ? planSweep(variant, text, { parameters: rows, combine }, name.trim() || 'sweep')
        : null,
    [filled, variant, text, rows, combine, name],
  );
  const invalid = plan ? describeInvalidMembers(plan) : [];
  const rateNumber = Number(rate);
  const rateOk = Number.isFinite(rateNumber) && rateNumber >= 0.1 && rateNumber <= 20;
  const ready =
    plan !== null && plan.problems.length === 0 && plan.members.length > 0 && invalid.length === 0;
  const canSend = ready && !!device && !!name.trim() && rateOk && !busy;

  const setRow = (i: number, patch: Partial<Row>) =>
    setRows(rows.map((r, k) => (k === i ? { ...r, ...patch } : r)));

  const runDry = async () => {
    const first = plan?.members[0];
    if (!first) return;
    setBusy(true);
    setDryRun('Running the first payload on the simulator…');
    try {
      const out = await useBatchesStore.getState().dryRun(first.text, device);
      if (out.error || !out.resultYaml)
        setDryRun(`The simulator refused it: ${out.error ?? 'no result'}`);
      else {
        const h = headlineOfDetail(variant, {
          id: 0,
          status: 'completed',
          result: { type: first.executeType, [`${first.executeType}_result`]: out.resultYaml },
        });
        setDryRun(
          typeof h === 'string'
            ? `Ran on ${out.deviceCode}: ${h}.`
            : `Ran on ${out.deviceCode}: ${h.label} = ${h.value.toPrecision(4)}.`,
        );
      }
    } catch (error) {
      setDryRun(describeError(error, 'dry-run the first payload').detail);
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    setBusy(true);
    try {
      const batch = await useBatchesStore.getState().create({
        text,
        sweep: { parameters: rows, combine },
        name: name.trim(),
        deviceCode: device,
        ratePerSecond: rateNumber,
      });
      notify(
        'ok',
        `Batch “${batch.name}”: ${batch.counts.total} jobs are being sent to ${batch.deviceCode}.`,
      );
      onClose();
      useAppStore.getState().showView('batches');
    } catch (error) {
      setBusy(false);
      notify('err', describeError(error, 'submit the batch').detail);
    }
  };

  const count = plan?.members.length ?? 0;
  return (
    <Dialog
      title="Sweep this payload"
      onClose={onClose}
      width={46}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn"
            disabled={!ready || busy}
            onClick={() => void runDry()}
            data-testid="sweep-dry-run"
          >
            Dry-run the first on the simulator
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!canSend}
            onClick={() => void submit()}
            data-testid="sweep-submit"
          >
            {count ? `Submit ${count} job${count === 1 ? '' : 's'}` : 'Submit'}
          </button>
        </>
      }
    >
      <div className="sweep-form">
        {nodes.length === 0 ? (
          <p className="field-error">
            This payload has no plain numbers to sweep, or it does not parse.
          </p>
        ) : null}
        <datalist id="sweep-paths">
          {nodes.map((n) => (
            <option key={n.path} value={n.path}>{`${n.path} = ${n.source}`}</option>
          ))}
        </datalist>
        {rows.map((row, i) => (
          <fieldset key={i} className="sweep-row">
            <legend>Parameter {rows.length > 1 ? i + 1 : ''}</legend>
            <div className="field">
              <label htmlFor={`sweep-path-${i}`}>Number in the payload</label>
              <input
                id={`sweep-path-${i}`}
                className="input mono"
                list="sweep-paths"
                value={row.path}
                onChange={(e) => setRow(i, { path: e.target.value })}
                data-testid={`sweep-path-${i}`}
              />
            </div>
            <div className="field">
              <label htmlFor={`sweep-values-${i}`}>Values</label>
              <input
                id={`sweep-values-${i}`}
                className="input mono"
                placeholder="0, 0.5, 1  ·  0:3.14:0.1  ·  linspace(0, 2pi, 21)"
                value={row.values}
                aria-describedby="sweep-values-hint"
                onChange={(e) => setRow(i, { values: e.target.value })}
                data-testid={`sweep-values-${i}`}
              />
            </div>
            {rows.length > 1 ? (
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => setRows(rows.filter((_, k) => k !== i))}
              >
                Remove
              </button>
            ) : null}
          </fieldset>
        ))}
        <span id="sweep-values-hint" className="field-hint">
          A list, start:stop:step (stop included) or linspace(start, stop, count); pi may be used.
        </span>
        <div className="sweep-options">
          <button
            type="button"
            className="btn"
            disabled={rows.length >= 8}
            onClick={() => setRows([...rows, { path: '', values: '' }])}
          >
            Add a parameter
          </button>
          {rows.length > 1 ? (
            <label>
              <select
                className="input"
                value={combine}
                onChange={(e) => setCombine(e.target.value as SweepCombine)}
              >
                <option value="grid">every combination</option>
                <option value="zip">side by side (zip)</option>
              </select>
            </label>
          ) : null}
        </div>
        <div className="sweep-options">
          <div className="field">
            <label htmlFor="sweep-name">Batch name</label>
            <input
              id="sweep-name"
              className="input"
              maxLength={MAX_BATCH_NAME}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="sweep-device">Device</label>
            <select
              id="sweep-device"
              className="input"
              value={device}
              onChange={(e) => setDevice(e.target.value)}
              data-testid="sweep-device"
            >
              {device && !fitting.some((d) => d.code === device) ? (
                <option value={device}>{device}</option>
              ) : null}
              {fitting.map((d) => (
                <option key={d.code} value={d.code}>{`${d.name} (${d.status})`}</option>
              ))}
            </select>
            {hidden > 0 && work ? (
              <span className="field-hint" data-testid="sweep-devices-hidden">
                {hidden} {hidden === 1 ? 'device' : 'devices'} hidden:{' '}
                {hidden === 1 ? 'it cannot' : 'they cannot'} run {WORK_LABEL[work]}.
              </span>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor="sweep-rate">Per second</label>
            <input
              id="sweep-rate"
              className="input mono"
              inputMode="decimal"
              value={rate}
              aria-invalid={!rateOk}
              onChange={(e) => setRate(e.target.value)}
            />
          </div>
        </div>
        <div role="status" aria-live="polite" className="sweep-status" data-testid="sweep-status">
          {!filled
            ? 'Pick a number and type its values.'
            : plan?.problems.length
              ? plan.problems.join(' ')
              : invalid.length
                ? `${invalid.length} of the ${count} payloads ${invalid.length === 1 ? 'is' : 'are'} not valid. The first: ${invalid[0]}`
                : `${count} payload${count === 1 ? '' : 's'}, all valid.`}
          {dryRun ? (
            <span className="sweep-dry" data-testid="sweep-dry-result">
              {' '}
              {dryRun}
            </span>
          ) : null}
        </div>
        {plan && plan.members.length ? (
          <div className="sweep-preview" tabIndex={0} aria-label="The payloads the sweep makes">
            <table className="sweep-table">
              <thead>
                <tr>
                  <th scope="col" className="num">
                    #
                  </th>
                  {plan.parameters.map((p) => {
                    const label = sweepLabel(p.path);
                    return (
                      <th key={p.path} scope="col" className="num" title={p.path}>
                        <span className="mono">{label.key}</span>
                        {label.where ? <span className="sweep-where">{label.where}</span> : null}
                      </th>
                    );
                  })}
                  <th scope="col">Check</th>
                </tr>
              </thead>
              <tbody>
                {plan.members.slice(0, PREVIEW_ROWS).map((m) => (
                  <tr key={m.index} className={m.errors.length ? 'is-invalid' : undefined}>
                    <td className="num">{m.index}</td>
                    {m.values.map((v, k) => (
                      <td key={k} className="num mono" title={String(v)}>
                        {sweepValue(v)}
                      </td>
                    ))}
                    <td>
                      {m.errors.length
                        ? `✗ line ${m.errors[0]!.line}: ${m.errors[0]!.message}`
                        : '✓ valid'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {plan.members.length > PREVIEW_ROWS ? (
              <p className="field-hint">…and {plan.members.length - PREVIEW_ROWS} more.</p>
            ) : null}
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
