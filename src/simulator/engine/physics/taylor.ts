import type { GroupedPauliOperator } from './pauli-groups';
import { axpy, combine, norm2, truncated, vec } from './taylor-kernels';
import type { Vec } from './taylor-kernels';

/**
 * Taylor-series steps for i·dψ/dt = H(t)·ψ with H(t) = Σ_g (a_g + b_g·t)·H_g on one segment of
 * a piecewise-linear schedule. The solution is an entire function of t, and around a step's
 * start τ (A = H(τ), B = Σ_g b_g H_g) its scaled Taylor terms φ_k = ψ^(k)(τ)·h^k/k! obey
 *
 *   φ_0 = ψ(τ),   φ_{k+1} = −i·h/(k+1) · (A·φ_k + h·B·φ_{k−1}),
 *
 * so ψ(τ + s·h) = Σ_k φ_k·s^k exactly, for every s in [0, 1]: one step covers several recorded
 * times (dense output at no extra H·ψ), and its order adapts to the step. Each order costs one
 * application of each group's H_g (A·φ and B·φ are both combinations of them).
 *
 * Truncation: with ‖A‖ ≤ Λ_A and ‖B‖ ≤ Λ_B (sums of |coefficients|), once
 * h·(Λ_A + h·Λ_B)/(K+1) ≤ 1/2 every later term is at most half the larger of the two before
 * it, so the neglected tail is at most 2·max(‖φ_K‖, ‖φ_{K−1}‖). A step ends there when that is
 * within `tol`·‖ψ‖; a step that needs more than MAX_ORDER terms is redone at half the size.
 */

/** Local error bound per step, relative to ‖ψ‖ (2-norm, so it bounds every ⟨O⟩'s error). */
const TAYLOR_TOL = 1e-13;
/**
 * Initial h·Λ: about 35 terms reach TAYLOR_TOL and the terms peak near e^6/√(12π) ≈ 66, so
 * rounding stays near 1e-14. Longer steps need fewer H·ψ per unit time (K/h falls as h grows)
 * but more terms per recorded time inside them; 6 was the fastest on a 10-qubit ramp.
 */
const INITIAL_RHO = 6;
const MAX_ORDER = 60;
/** Orders the step-size controller aims between (fewer: longer steps; more: shorter). */
const GROW_BELOW = 30;
const SHRINK_ABOVE = 46;
/** Largest term allowed relative to ‖ψ‖ (rounding grows with it: 256·2^−53 ≈ 3e-14). */
const MAX_PEAK = 256;
/** Recorded times one step may cover (each keeps an accumulator the size of the state). */
const MAX_TARGETS = 8;
const TARGET_BUDGET_BYTES = 64 * 2 ** 20;

export class StepLimitError extends Error {
  constructor(readonly steps: number) {
    super(`the integrator needed more than ${steps} steps`);
    this.name = 'StepLimitError';
  }
}

/** A label's coefficient as a + b·t, valid on one segment. */
export interface Linear {
  a: number;
  b: number;
}

export interface TaylorHooks {
  /** The state is in y at `targets[index]` (called in order, the segment's end included). */
  onTarget: (index: number) => void;
  /** After each order: a chance to yield (and to be aborted); t is the step's start. */
  tick: (t: number) => Promise<void> | undefined;
}

export class TaylorStepper {
  steps = 0;
  rejected = 0;
  /** Applications of the whole H(t) (each group once): the H·ψ count. */
  applications = 0;
  private h = 0;
  private readonly acc: Vec;
  private readonly term: Vec;
  private readonly perGroup: Vec[];
  private bTerm: Vec | null = null;
  private readonly targetAcc: Vec[] = [];
  private readonly maxTargets: number;

  constructor(
    private readonly op: GroupedPauliOperator,
    private readonly dim: number,
    private readonly maxSteps: number,
    private readonly tol = TAYLOR_TOL,
  ) {
    this.acc = vec(dim);
    this.term = vec(dim);
    this.perGroup = Array.from({ length: op.groups }, () => vec(0));
    this.maxTargets = Math.max(
      1,
      Math.min(MAX_TARGETS, Math.floor(TARGET_BUDGET_BYTES / (16 * dim))),
    );
  }

  /**
   * Advance y in place from t0 to t1 (H smooth in between), stopping at each of `targets`
   * (increasing, in (t0, t1]) to hand the state over.
   */
  async advance(
    t0: number,
    t1: number,
    lines: readonly Linear[],
    yRe: Float64Array,
    yIm: Float64Array,
    targets: readonly number[],
    hooks: TaylorHooks,
  ): Promise<void> {
    const eps = 1e-12 * Math.max(1, Math.abs(t1));
    const bound = (t: number) =>
      lines.reduce((s, l, g) => s + this.op.norm1[g]! * Math.abs(l.a + l.b * t), 0);
    const lambda = Math.max(bound(t0), bound(t1), 1e-300);
    // Keep the step the controller learnt, unless this segment's H is much larger.
    this.h = this.h > 0 ? Math.min(this.h, (4 * INITIAL_RHO) / lambda) : INITIAL_RHO / lambda;
    let t = t0;
    let next = 0;
    while (t1 - t > eps) {
      if (this.steps + this.rejected >= this.maxSteps) throw new StepLimitError(this.maxSteps);
      let h = Math.min(this.h, t1 - t);
      // End on a recorded time rather than just short of it; cover at most maxTargets of them.
      let last = next;
      while (last < targets.length && targets[last]! <= t + h + eps) last++;
      if (last - next > this.maxTargets) {
        last = next + this.maxTargets;
        h = targets[last - 1]! - t;
      } else if (last > next && t + h - targets[last - 1]! <= eps) {
        h = targets[last - 1]! - t;
      }
      const clipped = h < this.h;
      const interior = targets.slice(next, last).filter((s) => s < t + h - eps);
      const result = await this.step(t, h, lines, yRe, yIm, interior, hooks);
      if (!result.ok) {
        this.rejected++;
        this.h = h / 2;
        continue;
      }
      this.steps++;
      for (let j = 0; j < interior.length; j++) {
        yRe.set(this.targetAcc[j]!.re);
        yIm.set(this.targetAcc[j]!.im);
        hooks.onTarget(next++);
      }
      yRe.set(this.acc.re);
      yIm.set(this.acc.im);
      t = t1 - (t + h) <= eps ? t1 : t + h;
      while (next < targets.length && targets[next]! <= t + eps) hooks.onTarget(next++);
      const grow = result.order < GROW_BELOW && result.peak < MAX_PEAK / 4;
      const shrink = result.order > SHRINK_ABOVE || result.peak > MAX_PEAK;
      // A step cut short by the segment's end or a recorded time says little about h.
      if (shrink) this.h = h * 0.75;
      else if (grow && !clipped) this.h = h * 1.5;
    }
  }

  /** One step of size h from t; on success acc (and targetAcc) hold the states. */
  private async step(
    t: number,
    h: number,
    lines: readonly Linear[],
    yRe: Float64Array,
    yIm: Float64Array,
    interior: readonly number[],
    hooks: TaylorHooks,
  ): Promise<{ ok: boolean; order: number; peak: number }> {
    const { op, dim, acc, term } = this;
    const active: number[] = [];
    const a: number[] = [];
    const b: number[] = [];
    let lambdaA = 0;
    let lambdaB = 0;
    lines.forEach((l, g) => {
      const ag = l.a + l.b * t;
      if ((ag === 0 && l.b === 0) || op.isEmpty(g)) return;
      active.push(g);
      a.push(ag);
      b.push(l.b);
      lambdaA += op.norm1[g]! * Math.abs(ag);
      lambdaB += op.norm1[g]! * Math.abs(l.b);
      if (this.perGroup[g]!.re.length !== dim) this.perGroup[g] = vec(dim);
    });
    const interiorCount = interior.length;
    while (this.targetAcc.length < interiorCount) this.targetAcc.push(vec(dim));
    acc.re.set(yRe);
    acc.im.set(yIm);
    for (let j = 0; j < interiorCount; j++) {
      this.targetAcc[j]!.re.set(yRe);
      this.targetAcc[j]!.im.set(yIm);
    }
    // H = 0 here: the state stands still.
    if (active.length === 0) return { ok: true, order: 0, peak: 1 };
    // B·φ_{k−1} is carried from order to order, except for one group at a constant coefficient.
    const withB = active.length > 1 || b[0] !== 0;
    if (withB && !this.bTerm) this.bTerm = vec(dim);
    const bTerm = withB ? this.bTerm : null;
    if (bTerm) {
      bTerm.re.fill(0);
      bTerm.im.fill(0);
    }
    const weights = interior.map((s) => (s - t) / h);
    const powers = weights.map(() => 1);
    const done = weights.map(() => false);
    const yNorm = Math.sqrt(norm2(yRe, yIm));
    const goal = (this.tol * yNorm) / 2;
    const rho = h * (lambdaA + h * lambdaB);
    let prevNorm = yNorm;
    let peak = yNorm;
    let inRe = yRe;
    let inIm = yIm;
    const outs = active.map((g) => this.perGroup[g]!);
    for (let k = 0; k < MAX_ORDER; k++) {
      for (let s = 0; s < active.length; s++)
        op.applyGroup(active[s]!, inRe, inIm, outs[s]!.re, outs[s]!.im);
      this.applications++;
      const c = h / (k + 1);
      const e2 = combine(outs, a, b, bTerm, h, c, term, acc);
      const e = Math.sqrt(e2);
      const order = k + 1;
      // A recorded time at s·h is the same series with step s·h: its terms are s^k times
      // these, so it stops by the same rule, usually orders earlier.
      for (let j = 0; j < interiorCount; j++) {
        if (done[j]) continue;
        const w = weights[j]!;
        const before = powers[j]!;
        powers[j] = before * w;
        axpy(powers[j]!, term, this.targetAcc[j]!);
        done[j] = truncated(rho * w, order, powers[j]! * e, before * prevNorm, goal);
      }
      inRe = term.re;
      inIm = term.im;
      peak = Math.max(peak, e);
      if (truncated(rho, order, e, prevNorm, goal)) {
        // Every recorded time inside converges no later than the step's end.
        return { ok: true, order, peak: peak / (yNorm || 1) };
      }
      prevNorm = e;
      const pause = hooks.tick(t);
      if (pause) await pause;
    }
    return { ok: false, order: MAX_ORDER, peak: peak / (yNorm || 1) };
  }
}
