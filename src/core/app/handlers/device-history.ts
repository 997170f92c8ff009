import { profileCacheKey } from '../../job-store';
import type { DeviceHistoryStore } from '../../history';
import type { Logger } from '../../logging/logger';
import type { ConnectionManager } from '../connection-manager';
import type { NamespaceHandlers } from '../dispatch';
import type { EventHub } from '../event-hub';

const DAY_MS = 24 * 3600 * 1000;
const DEFAULT_DAYS = 7;

export interface DeviceHistoryDeps {
  connections: ConnectionManager;
  history: DeviceHistoryStore;
}

/** The device history of the active connection, read from the local store. */
export function deviceHistoryHandlers(deps: DeviceHistoryDeps): NamespaceHandlers<'deviceHistory'> {
  return {
    'deviceHistory.list': async ({ code, days }) => {
      const to = new Date();
      const from = new Date(to.getTime() - (days ?? DEFAULT_DAYS) * DAY_MS).toISOString();
      return {
        code,
        from,
        to: to.toISOString(),
        entries: deps.history.entries(
          profileCacheKey(deps.connections.requireActive().profile),
          code,
          from,
        ),
        persistent: deps.history.persistent,
      };
    },
  };
}

/**
 * Keeps what the app sees about devices: every device list the active connection fetched (its
 * refresh timer's and the ones asked for) as it arrives, and, through the function returned,
 * the notice a submission's answer carried about the device it went to (`jobs` handlers'
 * `onSubmitted`).
 */
export function recordDeviceHistory(
  deps: DeviceHistoryDeps & { events: EventHub; log: Logger },
): (submitted: { profileKey: string; deviceCode: string; message: string }) => void {
  const keep = (what: string, write: () => void) => {
    try {
      write();
    } catch (error) {
      deps.log.warn(`${what} could not be kept in the device history`, { error });
    }
  };
  deps.events.on('devices.updated', (view) => {
    const active = deps.connections.active;
    if (!active) return;
    keep('a device list', () =>
      deps.history.recordStatuses(profileCacheKey(active.profile), view.devices, view.fetchedAt),
    );
  });
  return ({ profileKey, deviceCode, message }) =>
    keep('a notice', () =>
      deps.history.recordMessage(profileKey, deviceCode, message, new Date().toISOString()),
    );
}
