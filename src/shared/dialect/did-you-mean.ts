/** "did you mean" for typos: the allowed key closest in edit distance, if close enough. */
export function suggest(key: string, allowed: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of allowed) {
    const d = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(key.length / 3))
    ? `did you mean "${best}"?`
    : undefined;
}

/**
 * "did you mean !CNOT?" for a tag close to one of `known`, else undefined. Tags are short, so
 * the bar is lower than for keys: `!CCX` is not a misspelt `!X`.
 */
export function suggestTag(tag: string, known: readonly string[]): string | undefined {
  const best = closestTag(tag, known);
  return best !== undefined ? `did you mean ${best}?` : undefined;
}

/** The tag of `known` that `tag` is a misspelling of (the bar of `suggestTag`), else undefined. */
export function closestTag(tag: string, known: readonly string[]): string | undefined {
  const name = tag.slice(1).toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = editDistance(name, candidate.slice(1).toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(name.length / 3))
    ? best
    : undefined;
}

/** Edits between two words, a swap of neighbours counting as one (`CNTO` → `CNOT`). */
function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (before[j - 2] ?? 0) + 1);
      cur[j] = d;
    }
    before = prev;
    prev = cur;
  }
  return prev[b.length] ?? 0;
}
