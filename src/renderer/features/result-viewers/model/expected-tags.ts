import { executeKind } from '../../../../shared/variants';
import type { ExecuteKind, VariantId } from '../../../../shared/variants';
import { rootTag } from '../../../../shared/yaml';
import { tagName } from '../../../../shared/results/tree';

/*
 * What each execute type returns in the payload dialect (its `resultTags` in the variant
 * declaration). The typed handle checks that the job and its result field agree; this checks
 * the tag inside, and says so in a note (the result is still drawn, by the viewer for the tag
 * it carries).
 */

/**
 * A type whose functional object may carry several tags (Variant A's `experiment`): the
 * payload's tag says which result to expect.
 */
function askedTag(kind: ExecuteKind, payload: unknown): string | null {
  if (kind.functionalTags.length < 2) return null;
  const inner = (payload as Record<string, unknown> | null)?.[kind.payloadField];
  const functional = (inner as Record<string, unknown> | null | undefined)?.[kind.functionalField];
  return typeof functional === 'string' ? tagName(rootTag(functional)) : null;
}

const words = (type: string) => type.replace(/_/g, ' ');

/** A note when the result's tag is not what the job's execute type returns; null when it is. */
export function unexpectedTagNote(
  variant: VariantId,
  executeType: string,
  tag: string | null,
  payload: unknown,
): string | null {
  const kind = executeKind(variant, executeType);
  if (!kind) return null;
  const asked = askedTag(kind, payload);
  const expected = asked ? [`${asked}Result`] : kind.resultTags.map((t) => t.slice(1));
  const name = tagName(tag);
  if (name && expected.includes(name)) return null;
  const wanted = expected.map((t) => `!${t}`).join(' or ');
  const article = /^[aeiou]/.test(executeType) ? 'An' : 'A';
  return `${article} ${words(executeType)} job returns ${wanted}, but this result is ${tag ?? 'untagged'}. It is shown as what its tag says.`;
}
