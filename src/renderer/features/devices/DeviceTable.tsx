import type { Device, DeviceStatus } from '../../../shared/variants';
import { Skeleton } from '../../ui/components/States';
import { DeviceStatusBadge } from '../../ui/components/DeviceStatusBadge';
import { showBidiControls } from '../../../shared/text/bidi';

const SKELETON_ROWS = 5;

/** The device list. Selecting a row (click, or Enter on its name) opens its detail beside. */
export function DeviceTable({
  devices,
  loading,
  selected,
  changed,
  onSelect,
}: {
  devices: Device[];
  loading: boolean;
  selected: string | null;
  changed: Record<string, DeviceStatus>;
  onSelect: (code: string) => void;
}) {
  return (
    <table className="device-table" aria-label="Devices" aria-busy={loading}>
      <thead>
        <tr>
          <th scope="col" className="col-status">
            Status
          </th>
          <th scope="col">Device</th>
          <th scope="col" className="col-type">
            Type
          </th>
          <th scope="col" className="col-qubits">
            Qubits
          </th>
          <th scope="col" className="col-desc">
            Description
          </th>
        </tr>
      </thead>
      <tbody>
        {loading
          ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <tr key={i} className="is-skeleton">
                <td>
                  <Skeleton width="5.5rem" height="1.1rem" />
                </td>
                <td>
                  <Skeleton width="70%" />
                </td>
                <td className="col-type">
                  <Skeleton width="5rem" />
                </td>
                <td className="col-qubits">
                  <Skeleton width="1.5rem" />
                </td>
                <td className="col-desc">
                  <Skeleton width="85%" />
                </td>
              </tr>
            ))
          : devices.map((d) => (
              <tr
                key={d.code}
                className={`${d.code === selected ? 'is-selected' : ''} ${changed[d.code] ? 'is-changed' : ''}`}
                aria-selected={d.code === selected}
                data-device={d.code}
                onClick={() => onSelect(d.code)}
              >
                <td>
                  <DeviceStatusBadge status={d.status} />
                  {changed[d.code] ? <span className="was">was {changed[d.code]}</span> : null}
                </td>
                <td>
                  <button
                    type="button"
                    className="device-name"
                    onClick={(e) => {
                      e.stopPropagation();
                      onSelect(d.code);
                    }}
                  >
                    {showBidiControls(d.name)}
                  </button>
                  <span className="device-code mono">{showBidiControls(d.code)}</span>
                </td>
                <td className="col-type mono">{d.type}</td>
                <td className="col-qubits num">{d.nqubits}</td>
                <td className="col-desc">
                  <span className="desc-clip">{d.description}</span>
                </td>
              </tr>
            ))}
      </tbody>
    </table>
  );
}
