/** Number and unit formatting for the viewers (tables keep full precision in their exports). */

/** Six significant digits, no trailing zeros, exponent form for very small or large values. */
export function formatValue(v: number | null | undefined, digits = 6): string {
  if (v === null || v === undefined) return '—';
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '−∞';
  if (v === 0) return '0';
  const abs = Math.abs(v);
  if (abs >= 1e6 || abs < 1e-4)
    return v.toExponential(Math.max(0, digits - 1)).replace(/\.?0+e/, 'e');
  return String(Number(v.toPrecision(digits)));
}

/** An integer with thousands separators. */
export function formatCount(v: number): string {
  return Number.isInteger(v) ? v.toLocaleString('en-US') : formatValue(v);
}

export function formatPercent(p: number): string {
  if (!Number.isFinite(p)) return '—';
  if (p === 0) return '0 %';
  if (p < 0.0001) return `${(p * 100).toExponential(1)} %`;
  return `${Number((p * 100).toPrecision(3))} %`;
}

/** A duration given in ns, in the unit that reads best (ns, µs, ms, s). */
export function formatNs(ns: number, digits = 4): string {
  if (!Number.isFinite(ns)) return '—';
  const abs = Math.abs(ns);
  if (abs >= 1e9) return `${formatValue(ns / 1e9, digits)} s`;
  if (abs >= 1e6) return `${formatValue(ns / 1e6, digits)} ms`;
  if (abs >= 1e3) return `${formatValue(ns / 1e3, digits)} µs`;
  return `${formatValue(ns, digits)} ns`;
}

/**
 * Below this share of its value an uncertainty is numerical noise, not a measurement: a fit to
 * noiseless data reports ~1e-16.
 */
const NEGLIGIBLE = 1e-6;

/**
 * `value ± uncertainty unit`, rounded to what the uncertainty says: the uncertainty to two
 * significant digits and the value to the same decimal place ("264 ± 31 ns", "52.3 ± 1.2 µs").
 * An uncertainty too small to mean anything is not written out digit by digit ("50 ns ± < 1 ppm"),
 * and without one the value keeps four significant digits.
 */
export function formatWithError(value: number, err: number | null, unit: string): string {
  const suffix = unit ? ` ${unit}` : '';
  if (!Number.isFinite(value)) return `${formatValue(value)}${suffix}`;
  if (err === null || !Number.isFinite(err) || err < 0) return `${formatValue(value, 4)}${suffix}`;
  if (err <= Math.abs(value) * NEGLIGIBLE) return `${formatValue(value, 6)}${suffix} ± < 1 ppm`;
  const decimals = 1 - Math.floor(Math.log10(err));
  // Far from 1 the unit was not chosen to fit (or cannot be): significant digits instead.
  if (decimals > 6 || Math.abs(value) >= 1e9)
    return `${formatValue(value, 4)} ± ${formatValue(err, 2)}${suffix}`;
  const at = (v: number) =>
    decimals > 0 ? v.toFixed(decimals) : String(Math.round(v / 10 ** -decimals) * 10 ** -decimals);
  return `${at(value)} ± ${at(err)}${suffix}`;
}

/** `value ± error` in one unit chosen for the value (ns, µs, ms, s). */
export function formatNsWithError(ns: number, errNs: number | null): string {
  const abs = Math.abs(ns);
  const [scale, unit] =
    abs >= 1e9 ? [1e9, 's'] : abs >= 1e6 ? [1e6, 'ms'] : abs >= 1e3 ? [1e3, 'µs'] : [1, 'ns'];
  return formatWithError(ns / scale, errNs === null ? null : errNs / scale, unit);
}

/**
 * A fit's rms residual, and what it means: its share of the fitted amplitude. A residual that is
 * numerical noise (a noiseless simulator's curve) says so instead of printing it.
 */
export function formatResidual(rms: number, amplitude: number): string {
  const scale = Math.abs(amplitude);
  if (!Number.isFinite(rms) || !(scale > 0)) return formatValue(rms, 2);
  const share = rms / scale;
  if (share < NEGLIGIBLE) return '≈ 0 (an exact fit)';
  return `${formatValue(rms, 2)} (${Number((share * 100).toPrecision(2))} % of the amplitude)`;
}

/** The unit a sweep in ns reads best in on an axis: µs from 10 µs up, ms from 10 ms up. */
export function sweepUnit(xNs: ArrayLike<number>): { unit: 'ns' | 'µs' | 'ms'; scale: number } {
  let max = 0;
  for (let i = 0; i < xNs.length; i++) max = Math.max(max, Math.abs(xNs[i]!));
  if (max >= 1e7) return { unit: 'ms', scale: 1e6 };
  if (max >= 1e4) return { unit: 'µs', scale: 1e3 };
  return { unit: 'ns', scale: 1 };
}
