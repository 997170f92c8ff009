import type { SdkMap } from '../node';
import type { ComplexValue } from './data';
import { float64Ndarray } from './data';

/**
 * An experiment's readout as its result's `data`: an `!ndarray` of shape (points, 2), float64,
 * each row the I and Q of one sweep point (the SDK's `s21` is `data[..., 0] + 1j * data[..., 1]`).
 */
export function iqData(points: readonly ComplexValue[]): SdkMap {
  const flat = new Float64Array(points.length * 2);
  points.forEach((p, i) => {
    flat[2 * i] = p.re;
    flat[2 * i + 1] = p.im;
  });
  return float64Ndarray(flat, [points.length, 2]);
}
