import { stringify } from 'yaml';

/**
 * An ExecutePayload as it came back from the service (functional objects, experiments and
 * readouts as YAML strings) turned back into the one document a person edits, with each of
 * those strings inlined as the tagged YAML it was. The strings are placed line for line, only
 * indented, never re-serialised: what is shown is what was sent, and "Open in editor" followed
 * by Submit sends it again unchanged.
 */
export function payloadToYaml(payload: unknown): string {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
    return scalar(payload);
  const lines: string[] = [];
  writeMap(payload as Record<string, unknown>, 0, 0, lines);
  return `${lines.join('\n')}\n`;
}

function scalar(value: unknown): string {
  return stringify(value, { lineWidth: 0 }).trimEnd();
}

function writeMap(
  map: Record<string, unknown>,
  indent: number,
  depth: number,
  lines: string[],
): void {
  const pad = ' '.repeat(indent);
  for (const [key, value] of Object.entries(map)) {
    // Unused payload fields are null on the wire; they are not part of what was written.
    if (value === null || value === undefined) continue;
    const k = scalar(key);
    if (typeof value === 'string' && depth >= 1) {
      for (const line of inlineYaml(`${pad}${k}:`, value, pad)) lines.push(line);
    } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      lines.push(`${pad}${k}:`);
      writeMap(value as Record<string, unknown>, indent + 2, depth + 1, lines);
    } else if (Array.isArray(value) && depth >= 1 && value.every((v) => typeof v === 'string')) {
      lines.push(`${pad}${k}:`);
      for (const item of value as string[])
        for (const line of inlineYaml(`${pad}  -`, item, `${pad}  `)) lines.push(line);
    } else {
      const text = scalar(value);
      if (text.includes('\n')) {
        lines.push(`${pad}${k}:`);
        for (const l of text.split('\n')) lines.push(`${pad}  ${l}`);
      } else lines.push(`${pad}${k}: ${text}`);
    }
  }
}

/** `head` followed by a YAML text nested one level under it. */
function inlineYaml(head: string, text: string, pad: string): string[] {
  const body = text.replace(/^---[ \t]*\r?\n/, '').replace(/\s+$/, '');
  const lines = body.split(/\r?\n/);
  const first = lines[0] ?? '';
  const nested = (ls: string[]) => ls.map((l) => (l.trim() ? `${pad}  ${l}` : ''));
  // One line stays beside the key only when it is a node that may sit there (a flow collection,
  // a tagged or quoted scalar); a one-line block sequence or mapping must move under it.
  if (lines.length === 1 && /^[!{["']/.test(first)) return [`${head} ${first}`];
  if (lines.length === 1 && !/^(- |-$|\? )/.test(first) && !/:(\s|$)/.test(first))
    return [`${head} ${first}`];
  // A tag alone on the first line goes beside the key, as a person writes it: `sampling: !Sampling`.
  if (/^!\S*\s*$/.test(first)) return [`${head} ${first.trim()}`, ...nested(lines.slice(1))];
  return [head, ...nested(lines)];
}
