/** One YAML string of the payload as the service holds it, and where it sits. */
export interface WireString {
  /** `sampling_payload.sampling`. */
  path: string;
  text: string;
}

/** The YAML strings of an ExecutePayload-like value, each with its path; in field order. */
export function wireStrings(payload: unknown): WireString[] {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return [];
  const out: WireString[] = [];
  for (const [field, inner] of Object.entries(payload)) {
    if (!inner || typeof inner !== 'object' || Array.isArray(inner)) continue;
    for (const [key, value] of Object.entries(inner as Record<string, unknown>))
      if (typeof value === 'string') out.push({ path: `${field}.${key}`, text: value });
  }
  return out;
}

/**
 * The wire strings as one read-only text: the execute type, then for each string a comment
 * naming its place and the string exactly as the service holds it, separated by `---`.
 */
export function wireDocument(payload: unknown): string {
  const type = (payload as { type?: unknown } | null)?.type;
  const header = `# type: ${String(type)}`;
  const parts = wireStrings(payload).map((w) => `# ${w.path}\n${w.text.replace(/\n?$/, '\n')}`);
  return `${header}\n${parts.join('---\n')}`;
}
