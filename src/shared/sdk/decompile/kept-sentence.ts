import type { KeptPart } from './decompile-payload';

/** The kept parts in one sentence for people: "`path` stays in the SDK's form: reason; …". */
export function keptSentence(kept: readonly KeptPart[]): string {
  return kept.map((k) => `${k.path} stays in the SDK's form: ${k.reason}`).join('; ');
}
