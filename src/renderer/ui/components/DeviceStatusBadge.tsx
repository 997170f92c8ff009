import { Icon } from './Icon';
import type { IconName } from './Icon';
import type { DeviceStatus } from '../../../shared/variants';

interface Look {
  tone: string;
  icon: IconName;
  label: string;
  /** How a sentence says it: "Altair is under maintenance". */
  phrase: string;
  /** What it means for jobs, without repeating the status. */
  meaning: string;
}

/**
 * A device that is not online keeps what it is sent in its queue and runs it once back (the
 * built-in simulator does so, see docs/simulator.md), so the app says a job will wait.
 */
const WAITS = 'jobs sent to it wait in its queue until it is back online';

const LOOK: Record<DeviceStatus, Look> = {
  online: {
    tone: 'ok',
    icon: 'statusOnline',
    label: 'Online',
    phrase: 'online',
    meaning: 'accepting and running jobs',
  },
  maintenance: {
    tone: 'warn',
    icon: 'statusMaintenance',
    label: 'Maintenance',
    phrase: 'under maintenance',
    meaning: WAITS,
  },
  offline: {
    tone: 'err',
    icon: 'statusOffline',
    label: 'Offline',
    phrase: 'offline',
    meaning: WAITS,
  },
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

/** The status as a sentence says it ("under maintenance"), never the bare enum value. */
export function statusPhrase(status: DeviceStatus): string {
  return LOOK[status].phrase;
}
