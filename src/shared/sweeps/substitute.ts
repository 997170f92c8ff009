import type { Node } from 'yaml';
import { isAlias, isMap, isScalar, isSeq } from 'yaml';
import { formatIssuePath } from '../variants/issues';
import { parsePayloadText } from '../yaml/parse';
import { hasErrors } from '../yaml/problems';
import { keyString } from '../yaml/paths';
import { isSweepableScalar } from './numeric-nodes';
import { quoted } from '../text/quote';

export class SweepSubstitutionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SweepSubstitutionError';
  }
}

/** A number as a plain YAML scalar: whole numbers without a point, others in their shortest exact form. */
export function formatSweepNumber(value: number): string {
  if (!Number.isFinite(value)) throw new SweepSubstitutionError(`${value} is not a finite number`);
  return Object.is(value, -0) ? '0' : String(value);
}

export interface NumberSite {
  offset: number;
  endOffset: number;
  value: number;
}

/**
 * Where the number at `path` is written. A `!Parameter {name, value}` at the path stands for its
 * `value`. The walk does not go through aliases: a value reached through one belongs to its
 * anchor, and changing it there would change every place that uses it.
 */
export function locateNumber(text: string, path: readonly (string | number)[]): NumberSite {
  const { doc, problems } = parsePayloadText(text);
  const firstError = problems.find((p) => p.severity === 'error');
  if (hasErrors(problems))
    throw new SweepSubstitutionError(
      `the payload does not parse (line ${firstError?.line}: ${firstError?.message})`,
    );
  const shown = formatIssuePath(path);
  let node: unknown = doc.contents;
  const walked: (string | number)[] = [];
  for (const segment of path) {
    if (isAlias(node))
      throw new SweepSubstitutionError(
        `${formatIssuePath(walked) || 'the document'} is the alias *${node.source}: sweep the value where &${node.source} is defined`,
      );
    let next: unknown;
    if (isMap(node)) {
      next = node.items.find((p) => keyString(p.key) === String(segment))?.value;
    } else if (isSeq(node) && typeof segment === 'number') {
      next = node.items[segment];
    }
    if (next === undefined || next === null)
      throw new SweepSubstitutionError(
        `${shown}: the payload has no ${typeof segment === 'number' ? `item [${segment}]` : quoted(segment, "'")} at ${formatIssuePath(walked) || 'its top level'}`,
      );
    walked.push(segment);
    node = next;
  }
  if (isAlias(node))
    throw new SweepSubstitutionError(
      `${shown} is the alias *${node.source}: sweep the value where &${node.source} is defined`,
    );
  if (isMap(node) && String(node.tag ?? '').endsWith('Parameter')) {
    const value = node.items.find((p) => keyString(p.key) === 'value')?.value;
    if (value !== undefined && value !== null) node = value;
  }
  if (!isSweepableScalar(node)) {
    const what = isScalar(node)
      ? typeof node.value === 'number' ||
        (typeof node.value === 'string' &&
          node.value.trim() !== '' &&
          Number.isFinite(Number(node.value)))
        ? `a quoted number (${text.slice(node.range?.[0] ?? 0, node.range?.[1] ?? 0).slice(0, 40)})`
        : `${JSON.stringify(String(node.value)).slice(0, 40)}, not a number`
      : isMap(node)
        ? 'a mapping, not a number'
        : isSeq(node)
          ? 'a list, not a number'
          : 'not a number';
    throw new SweepSubstitutionError(`${shown} is ${what}; a sweep changes plain numbers only`);
  }
  const [offset = 0, endOffset = offset] = (node as Node).range ?? [];
  return { offset, endOffset, value: node.value };
}

export interface Substitution {
  path: readonly (string | number)[];
  value: number;
}

/**
 * The payload text with each number at its path replaced: only those characters change, every
 * other byte (comments, layout, tags, the other numbers) stays as written. Two substitutions of
 * the same node are refused.
 */
export function substituteNumbers(text: string, substitutions: readonly Substitution[]): string {
  const sites = substitutions.map((s) => ({ ...locateNumber(text, s.path), to: s.value, s }));
  sites.sort((a, b) => b.offset - a.offset);
  for (let i = 1; i < sites.length; i++) {
    if (sites[i]!.offset === sites[i - 1]!.offset)
      throw new SweepSubstitutionError(
        `${formatIssuePath(sites[i]!.s.path)} and ${formatIssuePath(sites[i - 1]!.s.path)} are the same value; sweep it once`,
      );
  }
  let out = text;
  for (const site of sites)
    out = out.slice(0, site.offset) + formatSweepNumber(site.to) + out.slice(site.endOffset);
  return out;
}
