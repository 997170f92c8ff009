import type { SdkMap } from '../node';
import { sdkMap, sdkSeq, sdkStr } from '../node';
import { float64Ndarray } from './data';

/** One sweep axis of an experiment: a label and its values (ns, as the SDK's sweeps are). */
export interface SweepAxis {
  readonly label: string;
  readonly values: readonly number[];
}

/**
 * `!Dimension {labels, values}` (qilisdk's experiment results, 0.1.6 and 0.2.x): `labels` a
 * list of names, `values` a list of one-dimensional float64 `!ndarray`s, one per label.
 */
export function dimension(axes: readonly SweepAxis[]): SdkMap {
  return sdkMap(
    [
      ['labels', sdkSeq(axes.map((a) => sdkStr(a.label)))],
      ['values', sdkSeq(axes.map((a) => float64Ndarray(a.values, [a.values.length])))],
    ],
    '!Dimension',
  );
}
