import type { Device } from '../../../../shared/variants';
import { Skeleton } from '../../../ui/components/States';
import { DeviceStatusBadge } from '../../../ui/components/DeviceStatusBadge';
import { showBidiControls } from '../../../../shared/text/bidi';

/** A radio group of the devices that can run the payload, with status and qubits on each. */
export function DevicePicker({
  devices,
  hidden,
  hiddenReason,
  value,
  loading,
  error,
  onChange,
  onRetry,
}: {
  devices: Device[];
  hidden: number;
  hiddenReason: string;
  value: string | null;
  loading: boolean;
  error: string | null;
  onChange: (code: string) => void;
  onRetry: () => void;
}) {
  return (
    <fieldset className="picker">
      <legend className="field-label">Device</legend>
      {loading ? (
        <div className="picker-list" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="picker-row is-skeleton">
              <Skeleton width="60%" />
              <Skeleton width="35%" height="0.7rem" />
            </div>
          ))}
        </div>
      ) : error ? (
        <div className="callout callout-err" role="alert">
          <span>
            {error}{' '}
            <button type="button" className="btn-link" onClick={onRetry}>
              Try again
            </button>
          </span>
        </div>
      ) : devices.length === 0 ? (
        <p className="callout callout-warn">
          {hidden > 0
            ? `None of the ${hidden} devices can run ${hiddenReason}.`
            : 'This connection lists no devices.'}
        </p>
      ) : (
        <div className="picker-list" role="radiogroup" aria-label="Device">
          {devices.map((d) => (
            <label key={d.code} className={`picker-row ${d.code === value ? 'is-checked' : ''}`}>
              <input
                type="radio"
                name="preflight-device"
                value={d.code}
                checked={d.code === value}
                onChange={() => onChange(d.code)}
              />
              <span className="picker-main">
                <span className="picker-name" title={showBidiControls(`${d.name} (${d.code})`)}>
                  {showBidiControls(d.name)}
                </span>
                <span className="picker-meta">
                  <DeviceStatusBadge status={d.status} />
                  <span>
                    {d.nqubits} qubits · {d.type}
                  </span>
                </span>
              </span>
            </label>
          ))}
        </div>
      )}
      {!loading && !error && hidden > 0 && devices.length > 0 ? (
        <p className="field-hint">
          {hidden} {hidden === 1 ? 'device' : 'devices'} hidden:{' '}
          {hidden === 1 ? 'it cannot' : 'they cannot'} run {hiddenReason}.
        </p>
      ) : null}
    </fieldset>
  );
}
