export interface SpectralPeak {
  /** Cycles per unit of x (1/ns when x is in ns). */
  frequency: number;
  /** Share of the variance a sinusoid at this frequency explains (0..1). */
  power: number;
}

/**
 * Dominant frequencies of unevenly sampled data, by least-squares fitting of a·cos + b·sin at
 * each trial frequency (the Lomb–Scargle idea). The grid runs from a quarter cycle over the
 * span up to the Nyquist frequency of the median spacing, oversampled eightfold, so a sweep
 * holding less than one period still yields a usable starting guess.
 */
export function dominantFrequencies(
  xs: readonly number[],
  ys: readonly number[],
  maxPeaks = 3,
): SpectralPeak[] {
  const m = xs.length;
  if (m < 4) return [];
  const sorted = [...xs].sort((a, b) => a - b);
  const span = sorted[m - 1]! - sorted[0]!;
  if (!(span > 0)) return [];
  const gaps = sorted
    .slice(1)
    .map((v, i) => v - sorted[i]!)
    .filter((g) => g > 0)
    .sort((a, b) => a - b);
  const spacing = gaps[Math.floor(gaps.length / 2)] ?? span / (m - 1);
  const fMin = 0.25 / span;
  const fMax = 0.5 / spacing;
  const step = 1 / (8 * span);
  const mean = ys.reduce((s, v) => s + v, 0) / m;
  const centred = ys.map((v) => v - mean);
  const variance = centred.reduce((s, v) => s + v * v, 0);
  if (!(variance > 0)) return [];
  const powers: SpectralPeak[] = [];
  for (let f = fMin; f <= fMax + 1e-12 * fMax; f += step)
    powers.push({ frequency: f, power: sinusoidPower(xs, centred, f) / variance });
  const peaks = powers.filter(
    (p, i) =>
      (i === 0 || p.power >= powers[i - 1]!.power) &&
      (i === powers.length - 1 || p.power >= powers[i + 1]!.power),
  );
  return peaks.sort((a, b) => b.power - a.power).slice(0, maxPeaks);
}

/** Variance explained by the best a·cos(2πfx) + b·sin(2πfx) (plus the constant) at one f. */
function sinusoidPower(xs: readonly number[], ys: readonly number[], f: number): number {
  let cc = 0,
    ss = 0,
    cs = 0,
    yc = 0,
    ys_ = 0,
    c1 = 0,
    s1 = 0;
  const w = 2 * Math.PI * f;
  const m = xs.length;
  for (let i = 0; i < m; i++) {
    const c = Math.cos(w * xs[i]!);
    const s = Math.sin(w * xs[i]!);
    cc += c * c;
    ss += s * s;
    cs += c * s;
    yc += ys[i]! * c;
    ys_ += ys[i]! * s;
    c1 += c;
    s1 += s;
  }
  // Remove the mean of the basis functions so the fit is orthogonal to the constant.
  cc -= (c1 * c1) / m;
  ss -= (s1 * s1) / m;
  cs -= (c1 * s1) / m;
  const det = cc * ss - cs * cs;
  if (!(Math.abs(det) > 1e-12 * Math.max(cc * ss, 1e-300))) return 0;
  const a = (yc * ss - ys_ * cs) / det;
  const b = (ys_ * cc - yc * cs) / det;
  return a * yc + b * ys_;
}
