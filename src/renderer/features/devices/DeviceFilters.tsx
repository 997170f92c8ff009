import { useMemo } from 'react';
import { DEVICE_STATUSES, DEVICE_TYPES } from '../../../shared/variants';
import type { DeviceStatus, DeviceType } from '../../../shared/variants';
import { Icon } from '../../ui/components/Icon';
import { useDevicesStore } from '../../state/devices/store';

function toggle<T>(list: T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** Search, and status and type filters as toggle buttons with counts (empty means "all"). */
export function DeviceFilters() {
  const filters = useDevicesStore((s) => s.filters);
  const setFilters = useDevicesStore((s) => s.setFilters);
  const devices = useDevicesStore((s) => s.devices);
  const { statusCount, typeCount } = useMemo(() => {
    const statusCount = Object.fromEntries(DEVICE_STATUSES.map((st) => [st, 0])) as Record<
      DeviceStatus,
      number
    >;
    const typeCount = Object.fromEntries(DEVICE_TYPES.map((t) => [t, 0])) as Record<
      DeviceType,
      number
    >;
    for (const d of devices) {
      statusCount[d.status] += 1;
      typeCount[d.type] += 1;
    }
    return { statusCount, typeCount };
  }, [devices]);

  return (
    <div className="device-filters">
      <div className="search">
        <Icon name="search" />
        <input
          type="search"
          className="input"
          placeholder="Search devices"
          aria-label="Search devices"
          value={filters.query}
          onChange={(e) => setFilters({ query: e.target.value })}
        />
      </div>
      <div className="chips" role="group" aria-label="Filter by status">
        {DEVICE_STATUSES.map((st) => (
          <button
            key={st}
            type="button"
            className={`chip chip-${st}`}
            aria-pressed={filters.statuses.includes(st)}
            onClick={() => setFilters({ statuses: toggle(filters.statuses, st) })}
          >
            {st} <span className="chip-count">{statusCount[st]}</span>
          </button>
        ))}
      </div>
      <div className="chips" role="group" aria-label="Filter by type">
        {DEVICE_TYPES.map((t) => (
          <button
            key={t}
            type="button"
            className="chip"
            aria-pressed={filters.types.includes(t)}
            onClick={() => setFilters({ types: toggle(filters.types, t) })}
          >
            {t} <span className="chip-count">{typeCount[t]}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
