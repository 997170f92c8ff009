import type { VariantId } from '../variants/declaration';
import { documentToExecutePayload } from '../yaml/document-payload';
import type { YamlProblem } from '../yaml/problems';
import { MAX_SWEEP_MEMBERS, memberName } from './sweep-spec';
import type { SweepSpec } from './sweep-spec';
import { parseSweepPath, SweepPathError } from './sweep-path';
import { parseSweepValues, SweepValuesError } from './sweep-values';
import { locateNumber, substituteNumbers, SweepSubstitutionError } from './substitute';

export interface PlannedMember {
  /** 1-based, in sending order. */
  index: number;
  name: string;
  /** One value per parameter, in the spec's order. */
  values: number[];
  text: string;
  /** The member's validation errors (YAML, the variant's model, the payload dialect); empty when it can be sent. */
  errors: YamlProblem[];
  /** The payload's execute type, when it was checked and is valid. */
  executeType: string | null;
}

export interface SweepPlan {
  /** The parameters as resolved: their paths as written back, their values. */
  parameters: { path: string; segments: (string | number)[]; values: number[]; original: number }[];
  members: PlannedMember[];
  /** What stops the whole sweep (a path that does not exist, values that do not parse), each with its parameter. */
  problems: string[];
}

/** The combinations of the parameters' value lists, as index tuples. */
export function combine(lengths: readonly number[], mode: SweepSpec['combine']): number[][] {
  if (lengths.length === 0) return [];
  if (mode === 'zip') {
    const n = lengths[0]!;
    return Array.from({ length: n }, (_, i) => lengths.map(() => i));
  }
  let tuples: number[][] = [[]];
  for (const length of lengths) {
    const next: number[][] = [];
    for (const t of tuples) for (let i = 0; i < length; i++) next.push([...t, i]);
    tuples = next;
  }
  return tuples;
}

/**
 * A sweep over a payload document: each parameter's path located and its values parsed, the
 * combinations formed, and every member payload written (only the swept numbers change) and
 * checked the way a submission is (the variant's model and the payload dialect) before anything
 * is sent. Pure: the same plan in the app, the core and the CLI.
 */
export function planSweep(
  variant: VariantId,
  text: string,
  spec: SweepSpec,
  batchName: string,
  options: { validate?: boolean } = {},
): SweepPlan {
  const problems: string[] = [];
  const parameters: SweepPlan['parameters'] = [];
  spec.parameters.forEach((p, i) => {
    const label = spec.parameters.length > 1 ? `parameter ${i + 1} (${p.path})` : p.path;
    try {
      const segments = parseSweepPath(p.path);
      const site = locateNumber(text, segments);
      const values = parseSweepValues(p.values);
      parameters.push({ path: p.path.trim(), segments, values, original: site.value });
    } catch (error) {
      if (
        error instanceof SweepPathError ||
        error instanceof SweepValuesError ||
        error instanceof SweepSubstitutionError
      )
        problems.push(
          error.message.startsWith(p.path.trim()) ? error.message : `${label}: ${error.message}`,
        );
      else throw error;
    }
  });
  if (problems.length) return { parameters, members: [], problems };
  const lengths = parameters.map((p) => p.values.length);
  if (spec.combine === 'zip' && new Set(lengths).size > 1)
    return {
      parameters,
      members: [],
      problems: [
        `zipped parameters need as many values each; they have ${lengths.join(', ')} (combine them as a grid instead?)`,
      ],
    };
  const count = spec.combine === 'zip' ? lengths[0]! : lengths.reduce((n, length) => n * length, 1);
  if (count > MAX_SWEEP_MEMBERS)
    return {
      parameters,
      members: [],
      problems: [`the sweep makes ${count} payloads; one batch sends at most ${MAX_SWEEP_MEMBERS}`],
    };
  const members: PlannedMember[] = [];
  try {
    combine(lengths, spec.combine).forEach((tuple, i) => {
      const values = tuple.map((at, p) => parameters[p]!.values[at]!);
      const memberText = substituteNumbers(
        text,
        parameters.map((p, k) => ({ path: p.segments, value: values[k]! })),
      );
      const checked =
        options.validate === false
          ? null
          : documentToExecutePayload(variant, memberText, {}, { dialect: true });
      const errors = (checked?.problems ?? []).filter((problem) => problem.severity === 'error');
      members.push({
        index: i + 1,
        name: memberName(batchName, i + 1, count),
        values,
        text: memberText,
        errors,
        executeType: checked?.payload?.type ?? null,
      });
    });
  } catch (error) {
    if (error instanceof SweepSubstitutionError)
      return { parameters, members: [], problems: [error.message] };
    throw error;
  }
  return { parameters, members, problems };
}

/** One line per member that cannot be sent: which member, its values, its first error and where. */
export function describeInvalidMembers(plan: SweepPlan): string[] {
  return plan.members
    .filter((m) => m.errors.length > 0)
    .map((m) => {
      const first = m.errors[0]!;
      const at = plan.parameters.map((p, i) => `${p.path}=${m.values[i]}`).join(', ');
      return `payload ${m.index} (${at}): line ${first.line}, column ${first.column}: ${first.message}`;
    });
}
