import type { JobCache } from '../job-store';
import { SqliteJobCache } from '../job-store';
import { MemoryDeviceHistory } from './memory-device-history';
import { SqliteDeviceHistory } from './sqlite-device-history';
import type { DeviceHistoryStore } from './types';

/** The device history beside the job store: in its SQLite file, or in memory when it has none. */
export function openDeviceHistory(
  cache: JobCache,
  onProblem?: (message: string) => void,
): DeviceHistoryStore {
  return cache instanceof SqliteJobCache
    ? new SqliteDeviceHistory(cache.database, onProblem ? { onProblem } : {})
    : new MemoryDeviceHistory();
}
