import type { QubitParams } from '../types';
import type { Rng } from './random';

/*
 * Units: durations in ns; rabiRateMHz is the Rabi frequency f_R in MHz, so the angular Rabi
 * frequency is Ω = 2π·f_R·1e-3 rad/ns; t1Us and t2Us are µs (×1000 → ns).
 */

function rabiOmegaRadPerNs(q: QubitParams): number {
  return 2 * Math.PI * q.rabiRateMHz * 1e-3;
}

/**
 * Decay rate of driven Rabi oscillations, 1/ns. In the strong-drive limit (Torrey) the
 * oscillation envelope decays at (1/T1 + 1/T2)/2, between the pure-T1 and pure-T2 rates.
 */
function rabiDecayPerNs(q: QubitParams): number {
  return 0.5 / (q.t1Us * 1000) + 0.5 / (q.t2Us * 1000);
}

/**
 * Excited-state population after a resonant drive of t ns from |0⟩:
 * P(t) = (1 − e^{−Γ t}·cos Ω t)/2, i.e. sin²(Ω t/2) while the decay is negligible, settling at
 * 1/2 as the drive saturates a decohered qubit. The π pulse lasts π/Ω = 500/f_R ns.
 */
export function rabiPopulation(q: QubitParams, tNs: number): number {
  return 0.5 * (1 - Math.exp(-rabiDecayPerNs(q) * tNs) * Math.cos(rabiOmegaRadPerNs(q) * tNs));
}

/**
 * Excited population measured `waitNs` after an excitation pulse (T1 experiment). The pulse
 * excites with probability s (s = 1 for the calibrated π pulse). With a finite idle time
 * between repetitions the qubit starts each repetition with leftover excitation r; r is the
 * steady state of r → (s + r(1 − 2s))·e^{−(wait + delay)/T1}. P = (s + r(1 − 2s))·e^{−wait/T1}.
 */
export function t1Population(
  q: QubitParams,
  waitNs: number,
  pulseNs: number | null,
  delayNs: number | null,
): number {
  const t1 = q.t1Us * 1000;
  const s = pulseNs === null ? 1 : rabiPopulation(q, pulseNs);
  const a = delayNs === null ? 0 : Math.exp(-(waitNs + delayNs) / t1);
  const denominator = 1 - (1 - 2 * s) * a;
  const r = denominator > 0 ? (s * a) / denominator : 0;
  return (s + r * (1 - 2 * s)) * Math.exp(-waitNs / t1);
}

/**
 * The averaged readout signal of `averages` shots at excited population P. Each shot lands in
 * the ground or the excited IQ blob; a blob's width σ follows from the qubit's readout error
 * (the error is the blob tail past the midpoint: e = Φ(−d/2σ), d = |excited − ground|). The mean
 * of N shots is ground + P·(excited − ground) with spread √((P(1−P)d² + σ²)/N) along the axis
 * (projection noise + blob width) and σ/√N across it. An exact device returns the mean itself.
 */
export function s21Point(
  q: QubitParams,
  population: number,
  averages: number,
  rng: Rng | null,
): { re: number; im: number } {
  const dr = q.excited.re - q.ground.re;
  const di = q.excited.im - q.ground.im;
  const p = Math.min(1, Math.max(0, population));
  const mean = { re: q.ground.re + p * dr, im: q.ground.im + p * di };
  if (!rng) return mean;
  const d = Math.hypot(dr, di);
  if (d === 0) return mean;
  const sigma = blobWidth(d, q.readoutError);
  const along =
    (Math.sqrt(p * (1 - p) * d * d + sigma * sigma) / Math.sqrt(averages)) * rng.normal();
  const across = (sigma / Math.sqrt(averages)) * rng.normal();
  const [ur, ui] = [dr / d, di / d];
  return { re: mean.re + along * ur - across * ui, im: mean.im + along * ui + across * ur };
}

function blobWidth(separation: number, readoutError: number): number {
  const e = Math.min(0.49, Math.max(1e-6, readoutError));
  return separation / (2 * normalQuantile(1 - e));
}

/** Φ⁻¹(p) by bisection on Φ; only called a few times per job, so simplicity wins. */
function normalQuantile(p: number): number {
  let lo = -10;
  let hi = 10;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (normalCdf(mid) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

function normalCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

/** erfc with relative error < 1.2e-7 everywhere (Numerical Recipes' Chebyshev fit). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const poly =
    -z * z -
    1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t *
                      (0.27886807 +
                        t *
                          (-1.13520398 +
                            t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const r = t * Math.exp(poly);
  return x >= 0 ? r : 2 - r;
}
