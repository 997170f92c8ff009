import { useEffect, useId, useMemo } from 'react';
import { WORK_LABEL, deviceFits, pickDevice } from '../../../../shared/devices/device-fit';
import { VARIANTS, executeKind } from '../../../../shared/variants';
import { readHeaderComment } from '../../../../shared/yaml/header-comment';
import { Icon } from '../../../ui/components/Icon';
import { useAppStore } from '../../../state/app/store';
import { selectIsLoggedIn, useConnectionStore } from '../../../state/connection/store';
import { useDevicesStore } from '../../../state/devices/store';
import {
  countProblems,
  jobNameOf,
  selectActiveAnalysis,
  selectActiveTab,
  useEditorStore,
} from '../../../state/editor/store';
import type { JobNameChoice } from '../../../state/editor/store';
import { useSubmitStore } from '../../../state/submit/store';
import { registerCommand, shortcutLabel } from '../../../services/commands';
import { useLoginPrompt } from '../../../state/connection/login-flow';
import { LoginPrompt } from '../../../ui/components/LoginPrompt';
import { DevicePicker } from './DevicePicker';
import { readiness } from './readiness';
import { SubmitOutcome } from './SubmitOutcome';
import { useSubmitWhenChecked } from './submit-when-checked';
import './preflight.css';

const NAME_FROM: Record<JobNameChoice['from'], string> = {
  typed: '',
  'title-comment': ' (the payload’s title comment)',
  tab: ' (the tab’s name)',
};

/** Which name Submit will use, and where it comes from, so no earlier name is used unseen. */
function JobNameHint({ id, choice }: { id: string; choice: JobNameChoice }) {
  return (
    <span id={id} className="field-hint job-name-hint" data-testid="job-name-used">
      Will be submitted as “{choice.name}”{NAME_FROM[choice.from]}.
    </span>
  );
}

/** Beside the editor: what the payload is, where it can run, and Submit (or why not yet). */
export function PreflightPanel() {
  const tab = useEditorStore(selectActiveTab);
  const analysis = useEditorStore(selectActiveAnalysis);
  const variant = useEditorStore((s) => s.variant);
  const loggedIn = useConnectionStore(selectIsLoggedIn);
  const login = useLoginPrompt();
  const profileId = useConnectionStore((s) => s.activeId);
  const devices = useDevicesStore((s) => s.devices);
  const devicesStatus = useDevicesStore((s) => s.status);
  const devicesError = useDevicesStore((s) => s.error);
  const { deviceCode, submitting } = useSubmitStore();
  const preferenceApplied = useSubmitStore((st) => st.preferenceApplied);
  const { pickDevice: choose, pickPreferred, submit } = useSubmitStore.getState();
  const setJobName = useEditorStore((s) => s.setJobName);
  const reasonId = useId();
  const nameHintId = useId();

  const work = analysis?.facts.work ?? null;
  const fitting = useMemo(() => devices.filter((d) => deviceFits(d.type, work)), [devices, work]);
  const device = fitting.find((d) => d.code === deviceCode) ?? null;

  // A document written for a device (the templates say which in their header) gets it once,
  // when it is opened or when the devices arrive; the person may pick another afterwards.
  const preferred = useMemo(
    () => (tab ? (readHeaderComment(tab.text).device ?? null) : null),
    [tab],
  );
  useEffect(() => {
    const key = tab && preferred ? `${tab.id}\n${preferred}` : null;
    if (key === null || key === preferenceApplied) return;
    const pick = pickDevice(fitting, null, preferred);
    if (pick !== null && pick === preferred) pickPreferred(key, pick);
  }, [tab, preferred, fitting, preferenceApplied, pickPreferred]);

  // Keep a sensible device picked: the current one while it fits, else the first online one.
  useEffect(() => {
    if (fitting.length === 0 || fitting.some((d) => d.code === deviceCode)) return;
    const best = pickDevice(fitting, deviceCode);
    if (best) choose(best);
  }, [fitting, deviceCode, choose]);

  const { blocker, warnings } = readiness({
    hasTab: tab !== null,
    loggedIn,
    analysis,
    device,
    fittingCount: devicesStatus === 'ready' ? fitting.length : 1,
    submitting,
  });

  const submitNow = () => {
    if (blocker || !tab || !device || !profileId) {
      if (blocker) useAppStore.getState().notify('warn', `Cannot submit yet: ${blocker}`);
      return;
    }
    void submit({
      tabId: tab.id,
      profileId,
      text: tab.text,
      device,
      name: jobNameOf(tab).name,
      origin: tab.origin,
    });
  };
  const checking = tab !== null && loggedIn && !analysis;
  const later = useSubmitWhenChecked(tab?.id ?? null, checking, blocker, submitNow);
  const doSubmit = () => (checking ? later.wait() : submitNow());
  useEffect(() => registerCommand('job.submit', doSubmit));

  const kind = analysis?.facts.executeType
    ? executeKind(variant, analysis.facts.executeType)
    : undefined;
  const counts = countProblems(analysis);

  return (
    <aside className="preflight" aria-label="Pre-flight">
      <div className="preflight-scroll">
        <h2 className="preflight-title">Pre-flight</h2>
        <dl className="facts">
          <dt>Payload</dt>
          <dd data-testid="payload-kind">
            {!analysis ? (
              <span className="skeleton" style={{ width: '7rem', height: '0.85rem' }} />
            ) : analysis.belongsTo ? (
              `${VARIANTS[analysis.belongsTo].label} payload`
            ) : (
              (kind?.label ?? (analysis.text.trim() === '' ? '—' : 'unknown type'))
            )}
          </dd>
          <dt>Qubits</dt>
          <dd
            data-testid="payload-qubits"
            title={
              analysis?.facts.qubitsSource ?? 'The payload does not say how many qubits it uses.'
            }
          >
            {!analysis ? (
              <span className="skeleton" style={{ width: '3rem', height: '0.85rem' }} />
            ) : (
              (analysis.facts.qubits ?? 'unknown')
            )}
          </dd>
          <dt>Check</dt>
          <dd data-testid="payload-check">
            {!analysis ? (
              'checking…'
            ) : analysis.text.trim() === '' ? (
              <span className="muted">empty</span>
            ) : counts.errors ? (
              <span className="tone-err">
                <Icon name="error" size={13} /> {counts.errors}{' '}
                {counts.errors === 1 ? 'error' : 'errors'}
              </span>
            ) : (
              <span className="tone-ok">
                <Icon name="check" size={13} /> valid
                {counts.warnings
                  ? `, ${counts.warnings} ${counts.warnings === 1 ? 'warning' : 'warnings'}`
                  : ''}
              </span>
            )}
          </dd>
        </dl>

        {!loggedIn ? (
          <div className="field">
            <span className="field-label">Device</span>
            <LoginPrompt what="the devices" compact {...login} />
          </div>
        ) : (
          <DevicePicker
            devices={fitting}
            hidden={devices.length - fitting.length}
            hiddenReason={work ? WORK_LABEL[work] : 'this payload'}
            value={device?.code ?? null}
            loading={devicesStatus === 'loading' || devicesStatus === 'idle'}
            error={devicesStatus === 'error' ? devicesError : null}
            onChange={choose}
            onRetry={() => void useDevicesStore.getState().load()}
          />
        )}

        {tab ? (
          <div className="field">
            <label htmlFor="job-name">Job name</label>
            {/* The name belongs to the tab: another tab, or a new one, has its own. */}
            <input
              id="job-name"
              className="input"
              value={tab.jobName}
              maxLength={200}
              placeholder={jobNameOf({ ...tab, jobName: '' }).name}
              aria-describedby={nameHintId}
              onChange={(e) => setJobName(tab.id, e.target.value)}
            />
            <JobNameHint id={nameHintId} choice={jobNameOf(tab)} />
          </div>
        ) : null}
      </div>
      {/* Outside the scrolling part: Submit and its outcome stay in view on short windows. */}
      <div className="preflight-footer">
        {warnings.length ? (
          <ul className="preflight-warnings" aria-label="Warnings">
            {warnings.map((w) => (
              <li key={w} className="callout callout-warn">
                <Icon name="warning" />
                <span>{w}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="submit-row">
          <button
            type="button"
            className="btn btn-primary submit-button"
            disabled={blocker !== null}
            aria-describedby={blocker ? reasonId : undefined}
            onClick={doSubmit}
          >
            <Icon name="play" />
            {submitting ? 'Submitting…' : 'Submit'}
            <kbd>{shortcutLabel('Ctrl+Enter')}</kbd>
          </button>
          <p id={reasonId} className="submit-reason" aria-live="polite">
            {later.waiting ? 'Submitting once the check is done…' : blocker}
          </p>
        </div>
        <SubmitOutcome tabId={tab?.id ?? null} />
      </div>
    </aside>
  );
}
