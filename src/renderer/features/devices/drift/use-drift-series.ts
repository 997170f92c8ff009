import { useCallback, useEffect, useState } from 'react';
import type { DriftQuantity } from '../../../../shared/drift';
import type { DriftSeriesView } from '../../../../shared/ipc/drift-schemas';
import { describeError } from '../../../services/errors';
import { useDevicesStore } from '../../../state/devices/store';

export type DriftLoad =
  | { status: 'loading'; view: DriftSeriesView | null }
  | { status: 'ready'; view: DriftSeriesView }
  | { status: 'error'; error: string };

/**
 * A device's drift series (`drift.series`), read again when a job completes (it may be a new
 * run). What is shown stays until the next answer replaces it, so nothing jumps meanwhile.
 */
export function useDriftSeries(
  deviceId: number | undefined,
  quantity: DriftQuantity,
  qubit: number | undefined,
): { load: DriftLoad; reload: () => void } {
  const [load, setLoad] = useState<DriftLoad>({ status: 'loading', view: null });

  const read = useCallback(() => {
    if (deviceId === undefined) return () => undefined;
    let live = true;
    useDevicesStore
      .getState()
      .readDrift(deviceId, quantity, qubit)
      .then((view) => live && setLoad({ status: 'ready', view }))
      .catch(
        (e: unknown) =>
          live &&
          setLoad({
            status: 'error',
            error: describeError(e, 'read the calibration history').detail,
          }),
      );
    return () => {
      live = false;
    };
  }, [deviceId, quantity, qubit]);

  useEffect(() => {
    let cancel = read();
    const stop = useDevicesStore.getState().onJobCompleted(() => {
      cancel();
      cancel = read();
    });
    return () => {
      cancel();
      stop();
    };
  }, [read]);

  return { load, reload: useCallback(() => void read(), [read]) };
}
