import { Icon } from '../../components/Icon';
import type { IconName } from '../../components/Icon';
import type { DeviceStatus } from '../../../shared/variants';

const LOOK: Record<DeviceStatus, { tone: string; icon: IconName; label: string; meaning: string }> =
  {
    online: {
      tone: 'ok',
      icon: 'statusOnline',
      label: 'Online',
      meaning: 'accepting and running jobs',
    },
    maintenance: {
      tone: 'warn',
      icon: 'statusMaintenance',
      label: 'Maintenance',
      meaning: 'under maintenance: jobs may wait or fail',
    },
    offline: { tone: 'err', icon: 'statusOffline', label: 'Offline', meaning: 'not running jobs' },
  };

/** A device status as colour, text and icon shape together, so it never depends on colour alone. */
export function DeviceStatusBadge({ status }: { status: DeviceStatus }) {
  const look = LOOK[status];
  return (
    <span
      className={`badge badge-${look.tone} status-badge`}
      data-status={status}
      title={`${look.label}: ${look.meaning}`}
    >
      <Icon name={look.icon} size={13} />
      {look.label}
    </span>
  );
}

export function statusMeaning(status: DeviceStatus): string {
  return LOOK[status].meaning;
}
