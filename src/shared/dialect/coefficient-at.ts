import type { Interpolation } from './schedule';

/** A coefficient's defined point with its value evaluated (a `!Parameter` at its value). */
export interface ValuePoint {
  t: number;
  v: number;
}

/** How many points have a time at or before t (Python's `bisect_right` on the times). */
function pointsUpTo(points: readonly ValuePoint[], t: number): number {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (points[mid]!.t <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A schedule coefficient at time t, by the SDK's rule (points in time order):
 *
 * - step (qilisdk 0.1.x `Schedule.get_coefficient`: the latest defined step at or before t;
 *   0.2.x `Interpolator._get_coefficient_expression_step`: `bisect_right(tlist, t) - 1`): the
 *   value of the last point at or before t;
 * - linear (0.1.x `LinearSchedule.get_coefficient_expression`, 0.2.x
 *   `Interpolator._get_coefficient_expression_linear`): between the points around t,
 *   `v1 * alpha + v0 * (1 - alpha)` with `alpha = (t - t0) / (t1 - t0)`, written in that order so
 *   the rounding is the SDK's;
 * - before the first point and after the last, held at that point's value (both SDKs without
 *   extrapolation); no points at all: 0.
 *
 * At a time written twice (a jump) the later point counts, as `bisect_right` has it; the value
 * just before it is `coefficientBefore`. (0.2.1.post1's step rule read the LAST point for a time
 * before the first; compile writes every coefficient from t = 0, so that case never reaches it.)
 */
export function coefficientAt(
  points: readonly ValuePoint[],
  interpolation: Interpolation,
  t: number,
): number {
  if (points.length === 0) return 0;
  const after = pointsUpTo(points, t);
  if (after === 0) return points[0]!.v;
  if (after === points.length || interpolation === 'step') return points[after - 1]!.v;
  const p0 = points[after - 1]!;
  const p1 = points[after]!;
  const alpha = (t - p0.t) / (p1.t - p0.t);
  return p1.v * alpha + p0.v * (1 - alpha);
}

/** The left limit at t: the value just before a jump at t (equal to `coefficientAt` elsewhere). */
export function coefficientBefore(
  points: readonly ValuePoint[],
  interpolation: Interpolation,
  t: number,
): number {
  const before = points.filter((p) => p.t < t);
  if (before.length === 0) return points.length === 0 ? 0 : points[0]!.v;
  if (before.length === points.length || interpolation === 'step') return before.at(-1)!.v;
  const p0 = before.at(-1)!;
  const p1 = points[before.length]!;
  const alpha = (t - p0.t) / (p1.t - p0.t);
  return p1.v * alpha + p0.v * (1 - alpha);
}
