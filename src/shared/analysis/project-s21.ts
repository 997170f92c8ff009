export interface IqPoint {
  re: number;
  im: number;
}

/**
 * How s21 IQ points become one signal to fit. A qubit's readout moves along the line between
 * its ground and excited IQ points, so the data lie on a segment in the plane.
 *
 * - With `reference` (the device's ground and excited points): the excited-state population,
 *   (p − g)·(e − g)/|e − g|², 0 at ground and 1 at excited.
 * - Without: the coordinate along the principal axis of the points (largest-variance direction
 *   of their 2×2 covariance), centred on their mean. The axis has no natural sign; it is chosen
 *   so that the first point is at or below zero.
 */
export function projectS21(
  points: readonly IqPoint[],
  reference?: { ground: IqPoint; excited: IqPoint },
): number[] {
  if (reference) {
    const dr = reference.excited.re - reference.ground.re;
    const di = reference.excited.im - reference.ground.im;
    const d2 = dr * dr + di * di;
    if (!(d2 > 0)) throw new Error('projectS21: the ground and excited reference points coincide');
    return points.map(
      (p) => ((p.re - reference.ground.re) * dr + (p.im - reference.ground.im) * di) / d2,
    );
  }
  const n = points.length;
  if (n === 0) return [];
  const mr = points.reduce((s, p) => s + p.re, 0) / n;
  const mi = points.reduce((s, p) => s + p.im, 0) / n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const p of points) {
    sxx += (p.re - mr) ** 2;
    syy += (p.im - mi) ** 2;
    sxy += (p.re - mr) * (p.im - mi);
  }
  // Principal axis of the symmetric 2×2 covariance: angle ½·atan2(2·sxy, sxx − syy).
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  let ur = Math.cos(angle);
  let ui = Math.sin(angle);
  const first = points[0]!;
  if ((first.re - mr) * ur + (first.im - mi) * ui > 0) [ur, ui] = [-ur, -ui];
  return points.map((p) => (p.re - mr) * ur + (p.im - mi) * ui);
}
