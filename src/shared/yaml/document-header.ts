/**
 * The `# key: value` lines of a payload document's leading comment block, as the templates
 * start (`resources/templates`): `title`, `description` (which may go on over several lines) and
 * `device`, the code of the device the document was written for, which the pre-flight picks
 * when the connection has it. Blank lines are allowed; the block ends at the first content.
 */
export interface DocumentHeader {
  title?: string;
  description?: string;
  device?: string;
}

const LINE = /^#\s*(title|description|device)\s*:\s*(.*)$/i;

export function readDocumentHeader(text: string): DocumentHeader {
  const out: DocumentHeader = {};
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed === '---') continue;
    if (!trimmed.startsWith('#')) break;
    const match = LINE.exec(trimmed);
    if (!match) continue;
    const key = match[1]!.toLowerCase() as keyof DocumentHeader;
    const value = match[2]!.trim();
    if (value === '') continue;
    out[key] = key === 'description' && out.description ? `${out.description} ${value}` : value;
  }
  return out;
}
