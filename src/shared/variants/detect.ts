import { isPlainObject } from '../json/plain-object';
import type { VariantDeclaration, VariantId } from './declaration';
import { VARIANTS, VARIANT_IDS } from './declaration';

/**
 * Which data-model variant a service speaks, told from what it answers (spec §9: the variants
 * differ in the type of `issued_at`, `message` on the job handle, `status` on job records,
 * `jobType` on details, and the execute and result types). Pure and lenient: it looks at answers
 * as received, before (or instead of) decoding them, so it can explain an answer that does not
 * decode. Every rule is derived from the variant declarations, none names a variant.
 *
 * Not a clue: `issuedAt` as a string of digits. The specification gives `issued_at` the type
 * integer in Variant A and string in Variant B, but says its wire form is a string of digits in
 * both, so a string proves nothing; only an integer on the wire points to the integer variant.
 */

/** How much one observation says. */
export type ClueStrength =
  /** Only one variant can produce it (a `jobType` on a record, a result of type `sampling`). */
  | 'decisive'
  /** It fits one variant better but another could send it too (`message: null`). */
  | 'hint';

export interface VariantClue {
  variant: VariantId;
  strength: ClueStrength;
  /** Which difference of the variants it observes (the evidence names one per rule). */
  rule: 'issuedAt' | 'message' | 'status' | 'jobType' | 'execute-type' | 'field';
  /** The observation, in words: "job 12 carries jobType". */
  evidence: string;
}

export interface VariantVerdict {
  /** The variant the answers point to; null when nothing tells, or they point both ways. */
  variant: VariantId | null;
  /** True when at least one decisive clue says so (and none says otherwise). */
  decisive: boolean;
  clues: VariantClue[];
  /** The clues for `variant`, in words, decisive ones first; empty when `variant` is null. */
  evidence: string;
}

/** One answer of the service, as received (or decoded: both forms are understood). */
export type VariantSample =
  | { kind: 'token'; body: unknown }
  /** The answer to a submission (JobId). */
  | { kind: 'job-id'; body: unknown }
  | { kind: 'job-list'; body: unknown }
  /** One job record: the cheap lookup or a detail. */
  | { kind: 'job'; body: unknown };

/** Records of a list looked at: enough to see a pattern, few enough to stay cheap at 100,000. */
const LIST_SAMPLE = 20;
/** A payload or result larger than this is not parsed just to tell the variant. */
const MAX_PARSED_CHARS = 8 * 1024 * 1024;

/** The one variant whose declaration has this property, or null when none or several do. */
function only(has: (v: VariantDeclaration) => boolean): VariantId | null {
  const matching = VARIANT_IDS.filter((id) => has(VARIANTS[id]));
  return matching.length === 1 ? (matching[0] as VariantId) : null;
}

function clue(
  variant: VariantId | null,
  strength: ClueStrength,
  rule: VariantClue['rule'],
  evidence: string,
): VariantClue[] {
  return variant ? [{ variant, strength, rule, evidence }] : [];
}

function tokenClues(body: unknown): VariantClue[] {
  if (!isPlainObject(body) || typeof body.issuedAt !== 'number') return [];
  return clue(
    only((v) => v.issuedAt === 'integer'),
    'hint',
    'issuedAt',
    'the login token gives issuedAt as an integer',
  );
}

function messageClues(record: Record<string, unknown>, what: string): VariantClue[] {
  if (!('message' in record)) return [];
  const owner = only((v) => v.jobIdMessage);
  const text = typeof record.message === 'string' && record.message !== '';
  return clue(
    owner,
    text ? 'decisive' : 'hint',
    'message',
    `${what} carries a message field, which only Variant ${owner} job handles have`,
  );
}

function parsed(raw: unknown, base64: boolean): Record<string, unknown> | null {
  if (isPlainObject(raw)) return raw;
  if (typeof raw !== 'string' || raw.length > MAX_PARSED_CHARS) return null;
  try {
    let text = raw;
    if (base64) {
      const binary = atob(raw.replace(/-/g, '+').replace(/_/g, '/'));
      const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
      text = new TextDecoder().decode(bytes);
    }
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** The variant that alone has this execute type, and the one that alone has this result field. */
function typeClues(
  value: Record<string, unknown> | null,
  what: string,
  fieldsOf: (v: VariantDeclaration) => readonly string[],
): VariantClue[] {
  if (!value) return [];
  const out: VariantClue[] = [];
  if (typeof value.type === 'string') {
    const type = value.type;
    const owner = only((v) => v.executeKinds.some((k) => k.executeType === type));
    out.push(
      ...clue(
        owner,
        'decisive',
        'execute-type',
        `${what} has type '${type}', a Variant ${owner} execute type`,
      ),
    );
  }
  for (const [field, content] of Object.entries(value)) {
    if (field === 'type' || content === null || content === undefined) continue;
    const owner = only((v) => fieldsOf(v).includes(field));
    out.push(
      ...clue(owner, 'decisive', 'field', `${what} fills ${field}, a Variant ${owner} field`),
    );
  }
  return out;
}

/**
 * Whether a value is a job record or handle at all: a JSON object with a job id. Anything else
 * (`{}`, a number, a string) is garbage, which fits no variant and so tells nothing about one.
 */
function isJobShaped(value: unknown): value is Record<string, unknown> & { id: number } {
  return isPlainObject(value) && Number.isSafeInteger(value.id) && (value.id as number) >= 0;
}

function recordClues(record: unknown, list: boolean): VariantClue[] {
  if (!isJobShaped(record)) return [];
  const what = `job ${record.id}`;
  const out = messageClues(record, what);
  if (record.status === undefined || record.status === null) {
    const owner = only((v) => !v.jobInfoStatusRequired);
    const requiring = only((v) => v.jobInfoStatusRequired);
    out.push(
      ...clue(
        owner,
        'decisive',
        'status',
        `${what}${list ? ' in the job list' : ''} has no status, which every Variant ${requiring} record carries`,
      ),
    );
  }
  if (record.jobType !== undefined && record.jobType !== null) {
    const owner = only((v) => v.jobDetailJobType);
    out.push(
      ...clue(
        owner,
        'decisive',
        'jobType',
        `${what} carries jobType, which only Variant ${owner} records have`,
      ),
    );
  }
  out.push(
    ...typeClues(parsed(record.payload, false), `${what}'s payload`, (v) =>
      v.executeKinds.map((k) => k.payloadField),
    ),
  );
  out.push(...typeClues(parsed(record.result, true), `${what}'s result`, (v) => v.resultFields));
  return out;
}

function listItems(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  return isPlainObject(body) && Array.isArray(body.items) ? body.items : [];
}

/**
 * A list tells a variant only from consistent evidence: a list with garbage among the records
 * looked at (not a job record at all) tells nothing, and records that disagree about carrying a
 * status (some do, some do not) do not point to the variant whose records carry none.
 */
function listClues(items: readonly unknown[]): VariantClue[] {
  if (!items.every(isJobShaped)) return [];
  const clues = items.flatMap((item) => recordClues(item, true));
  const someWithStatus = items.some((item) => item.status !== undefined && item.status !== null);
  return someWithStatus ? clues.filter((c) => c.rule !== 'status') : clues;
}

/** What one answer says about the variant. */
export function variantClues(sample: VariantSample): VariantClue[] {
  switch (sample.kind) {
    case 'token':
      return tokenClues(sample.body);
    case 'job-id':
      return isJobShaped(sample.body) ? messageClues(sample.body, 'the job handle') : [];
    case 'job-list':
      return listClues(listItems(sample.body).slice(0, LIST_SAMPLE));
    case 'job':
      return recordClues(sample.body, false);
  }
}

/** Weighs clues: decisive ones decide unless they disagree; hints count only without them. */
export function judgeVariant(clues: readonly VariantClue[]): VariantVerdict {
  const decisive = clues.filter((c) => c.strength === 'decisive');
  const pool = decisive.length ? decisive : clues;
  const variants = new Set(pool.map((c) => c.variant));
  if (variants.size !== 1)
    return { variant: null, decisive: false, clues: [...clues], evidence: '' };
  const variant = [...variants][0] as VariantId;
  // One observation per rule: "job 3 has no status" says it for the whole list.
  const said: string[] = [];
  const rules = new Set<VariantClue['rule']>();
  for (const c of pool) {
    if (rules.has(c.rule)) continue;
    rules.add(c.rule);
    said.push(c.evidence);
  }
  return {
    variant,
    decisive: decisive.length > 0,
    clues: [...clues],
    evidence: said.slice(0, 2).join('; '),
  };
}

/** The verdict of one or more answers. */
export function detectVariant(...samples: VariantSample[]): VariantVerdict {
  return judgeVariant(samples.flatMap(variantClues));
}
