import { hasErrors, locatePath, nodeSourceText, parsePayloadText } from '../../../../shared/yaml';

/*
 * A failed job's error logs place a problem in the YAML text of one functional object or
 * readout ("location: line 3, column 10 of the functional YAML (sampling_payload.sampling)"):
 * each of those is sent as its own text, cut out of the payload document line for line, only
 * less indented. So the place maps back onto the document the person wrote: the line of the
 * object in the document plus the line within it.
 */

export interface TextLocation {
  line: number;
  column: number;
  /** How the log names the text: "functional YAML", "readout YAML". */
  label: string;
  /** Where that text stands in the payload: `sampling_payload.sampling`. */
  path: string;
}

const LOCATION = /location: line (\d+), column (\d+) of the (.+?) \(([\w.[\]]+)\)/g;

/** Every distinct place the error logs name inside a functional object or readout, in order. */
export function errorLocations(errorLogs: string | null | undefined): TextLocation[] {
  if (!errorLogs) return [];
  const seen = new Set<string>();
  const out: TextLocation[] = [];
  for (const m of errorLogs.slice(0, 256 * 1024).matchAll(LOCATION)) {
    if (seen.has(m[0]) || out.length >= 10) continue;
    seen.add(m[0]);
    out.push({ line: Number(m[1]), column: Number(m[2]), label: m[3]!, path: m[4]! });
  }
  return out;
}

/** `sampling_payload.readout[1]` → ['sampling_payload', 'readout', 1]. */
function segments(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) return [];
    if (m[1]) out.push(m[1]);
    for (const index of m[2]!.matchAll(/\[(\d+)\]/g)) out.push(Number(index[1]));
  }
  return out;
}

function leadingSpaces(line: string): number {
  return line.length - line.trimStart().length;
}

/**
 * Where `at` falls in the payload `document`, or null when the document does not hold, at that
 * path, the text the service read (another version of the payload, or no such object).
 */
export function documentPosition(
  document: string,
  at: TextLocation,
  /** The text the service read there (from the job's payload), when known: it must match. */
  read?: string,
): { line: number; column: number } | null {
  const path = segments(at.path);
  if (path.length === 0) return null;
  const { doc, lineCounter, problems } = parsePayloadText(document);
  if (hasErrors(problems)) return null;
  const found = locatePath(doc, lineCounter, path, document);
  if (!found.exact || !found.node) return null;
  let sent: string;
  try {
    sent = nodeSourceText(document, found.node);
  } catch {
    return null;
  }
  if (read !== undefined && read.replace(/^---[ \t]*\r?\n/, '').trimEnd() !== sent.trimEnd())
    return null;
  const sentLines = sent.split('\n');
  const inner = sentLines[at.line - 1];
  if (inner === undefined) return null;
  const documentLines = document.split(/\r?\n/);
  // The object's text starts on the line its tag (or first key) stands on.
  const start = found.range.line;
  const line = start + at.line - 1;
  const written = documentLines[line - 1];
  if (written === undefined || !written.trimEnd().endsWith(inner.trimEnd())) return null;
  const column =
    at.line === 1
      ? found.range.column + at.column - 1
      : at.column + leadingSpaces(written) - leadingSpaces(inner);
  return { line, column };
}
