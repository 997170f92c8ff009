import type { CoefficientPoint, Schedule, ScheduleTerm } from '../../dialect/schedule';

/** Why a schedule's coefficients cannot be set per step, as qilisdk 0.1.x sets them. */
export class ScheduleStepProblem extends Error {
  constructor(
    readonly kind: 'not-whole-step' | 'jump',
    readonly term: ScheduleTerm,
    readonly t: number,
  ) {
    super(`${term.label} at time ${t}: ${kind}`);
    this.name = 'ScheduleStepProblem';
  }
}

/** The coefficients set at one step: each term with its point. */
export type StepEntries = Array<{ term: ScheduleTerm; point: CoefficientPoint }>;

/**
 * qilisdk 0.1.x's schedule keys its coefficients by step: each point at t / dt (a whole
 * number), and a coefficient whose first point comes after 0 held at its first value from
 * step 0, as the friendly form means (the SDK would otherwise start it at 0). The one rule
 * compile (`compileScheduleB`) and the Python script (`qjob convert --to python`) share.
 * Steps in order; throws ScheduleStepProblem.
 */
export function scheduleStepsB(s: Schedule): Array<[number, StepEntries]> {
  const steps = new Map<number, StepEntries>();
  for (const term of s.terms) {
    const first = term.points[0]!;
    const points = first.t > 0 ? [{ t: 0, value: first.value }, ...term.points] : term.points;
    for (const point of points) {
      const step = Math.round(point.t / s.dt);
      if (Math.abs(step * s.dt - point.t) > 1e-9 * Math.max(1, Math.abs(point.t)))
        throw new ScheduleStepProblem('not-whole-step', term, point.t);
      const at = steps.get(step) ?? [];
      if (at.some((e) => e.term.label === term.label))
        throw new ScheduleStepProblem('jump', term, point.t);
      at.push({ term, point });
      steps.set(step, at);
    }
  }
  return [...steps].sort(([a], [b]) => a - b);
}
