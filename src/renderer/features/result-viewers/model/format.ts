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

/** `value ± error` in one unit chosen for the value. */
export function formatNsWithError(ns: number, errNs: number | null): string {
  if (errNs === null || !Number.isFinite(errNs)) return formatNs(ns);
  const abs = Math.abs(ns);
  const [scale, unit] =
    abs >= 1e9 ? [1e9, 's'] : abs >= 1e6 ? [1e6, 'ms'] : abs >= 1e3 ? [1e3, 'µs'] : [1, 'ns'];
  return `${formatValue(ns / scale, 4)} ± ${formatValue(errNs / scale, 2)} ${unit}`;
}

/** The unit a sweep in ns reads best in on an axis: µs from 10 µs up, ms from 10 ms up. */
export function sweepUnit(xNs: ArrayLike<number>): { unit: 'ns' | 'µs' | 'ms'; scale: number } {
  let max = 0;
  for (let i = 0; i < xNs.length; i++) max = Math.max(max, Math.abs(xNs[i]!));
  if (max >= 1e7) return { unit: 'ms', scale: 1e6 };
  if (max >= 1e4) return { unit: 'µs', scale: 1e3 };
  return { unit: 'ns', scale: 1 };
}
