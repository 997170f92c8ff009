import type { Device } from '../../../shared/variants';
import { CloseButton } from '../../ui/components/CloseButton';
import { Skeleton, StateMessage } from '../../ui/components/States';
import { formatDateTime } from '../../ui/time-format';
import { useAppStore } from '../../state/app/store';
import { useDevicesStore } from '../../state/devices/store';
import { DeviceDescription } from './DeviceDescription';
import { DeviceStatusBadge, statusMeaning } from '../../ui/components/DeviceStatusBadge';
import { DeviceTimeline } from './DeviceTimeline';
import { CalibrationDrift } from './drift/CalibrationDrift';
import './device-detail.css';
import { showBidiControls } from '../../../shared/text/bidi';

const KNOWN = new Set(['code', 'nqubits', 'name', 'description', 'type', 'status', 'id']);

/**
 * Fields the service sent beyond the specification's: the client keeps unknown fields of an
 * answer rather than refusing it (docs/wire-format.md), and shows them here.
 */
function extraFields(device: Device): [string, string][] {
  return Object.entries(device)
    .filter(([k]) => !KNOWN.has(k))
    .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]);
}

function DeviceJobs({ device }: { device: Device }) {
  const jobs = useDevicesStore((s) => (s.deviceJobs?.code === device.code ? s.deviceJobs : null));
  const loadJobs = useDevicesStore((s) => s.loadJobs);
  const requestJob = useAppStore((s) => s.requestJob);
  if (device.id === undefined) {
    return (
      <p className="muted">The service gives this device no id, so its jobs cannot be matched.</p>
    );
  }
  if (!jobs || jobs.status === 'loading') {
    return (
      <ul className="device-jobs" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="device-job is-skeleton">
            <Skeleton width="80%" />
          </li>
        ))}
      </ul>
    );
  }
  if (jobs.status === 'error') {
    return (
      <div className="callout callout-err" role="alert">
        <span>
          {jobs.error}{' '}
          <button type="button" className="btn-link" onClick={() => void loadJobs(device)}>
            Try again
          </button>
        </span>
      </div>
    );
  }
  if (jobs.jobs.length === 0) return <p className="muted">No jobs have run on this device yet.</p>;
  return (
    <ul className="device-jobs" aria-label={`Jobs on ${device.name}`}>
      {jobs.jobs.map((j) => (
        <li key={j.id}>
          <button type="button" className="row-button device-job" onClick={() => requestJob(j.id)}>
            <span className="mono job-id">#{j.id}</span>
            <span className="job-name">{j.name || 'unnamed'}</span>
            <span className="job-status">{j.status ?? 'status unknown'}</span>
            <span className="job-date">{formatDateTime(j.created_at)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** One device: all it says about itself, its history, its calibration drift and its jobs. */
export function DeviceDetail({ device, onClose }: { device: Device | null; onClose: () => void }) {
  if (!device) {
    return (
      <aside className="device-detail" aria-label="Device detail">
        <StateMessage icon="devices" title="No device selected">
          <p>Select a device to see its description and the jobs that ran on it.</p>
        </StateMessage>
      </aside>
    );
  }
  const extras = extraFields(device);
  return (
    <aside className="device-detail" aria-label={`Device ${device.name}`}>
      <button type="button" className="btn btn-ghost device-back" onClick={onClose}>
        ← Devices
      </button>
      <header className="detail-head">
        <div>
          <h2>{showBidiControls(device.name)}</h2>
          <span className="mono muted">{device.code}</span>
        </div>
        <CloseButton label="Close device detail" className="device-close" onClick={onClose} />
      </header>
      <p className="detail-status">
        <DeviceStatusBadge status={device.status} />{' '}
        <span className="muted">{statusMeaning(device.status)}</span>
      </p>
      <dl className="detail-fields">
        <dt>Type</dt>
        <dd className="mono">{device.type}</dd>
        <dt>Qubits</dt>
        <dd>{device.nqubits}</dd>
        <dt>Id</dt>
        <dd>{device.id ?? '—'}</dd>
        {extras.map(([k, v]) => (
          <div key={k} className="contents">
            <dt>{k}</dt>
            <dd className="mono">{v}</dd>
          </div>
        ))}
      </dl>
      <section aria-label="Description">
        <h3>Description</h3>
        <DeviceDescription text={device.description} />
      </section>
      <section aria-label="Status history">
        <h3>Status history</h3>
        <DeviceTimeline device={device} />
      </section>
      <section aria-label="Calibration drift">
        <h3>Calibration drift</h3>
        <CalibrationDrift key={device.code} device={device} />
      </section>
      <section aria-label="Jobs">
        <h3>Jobs</h3>
        <DeviceJobs device={device} />
      </section>
    </aside>
  );
}
