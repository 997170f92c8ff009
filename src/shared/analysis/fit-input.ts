/** Shared argument checks of the curve fits: they throw plain messages a viewer can show. */
export function checkInput(xs: readonly number[], ys: readonly number[], minPoints: number): void {
  if (xs.length !== ys.length)
    throw new Error(`fit: ${xs.length} x values but ${ys.length} y values`);
  if (xs.length < minPoints)
    throw new Error(`fit: need at least ${minPoints} points, got ${xs.length}`);
  if (![...xs, ...ys].every(Number.isFinite))
    throw new Error('fit: the data contain non-finite values');
}
