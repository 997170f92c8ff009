/**
 * What a payload's leading comment says about it: `# title: …`, `# description: …` (which may go
 * on over several lines) and `# device: …`, the code of the device the document was written for,
 * which the pre-flight picks when the connection has it (the templates carry all three).
 */
export interface HeaderComment {
  title?: string;
  description?: string;
  device?: string;
}

/**
 * Reads the `# key: value` lines of the comment block a payload starts with (blank lines and a
 * `---` allowed, it stops at the first content line). Templates are named by it, and a job
 * submitted from such a payload is named after its title unless the user names it.
 */
export function readHeaderComment(text: string): HeaderComment {
  const out: HeaderComment = {};
  // Line by line from the top: a 50 MB payload is not split to read its first lines.
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const trimmed = text.slice(start, end).trim();
    start = end + 1;
    if (trimmed === '' || trimmed === '---') continue;
    if (!trimmed.startsWith('#')) break;
    const match = /^#\s*(title|description|device)\s*:\s*(.*)$/i.exec(trimmed);
    if (!match) continue;
    const key = match[1]!.toLowerCase() as keyof HeaderComment;
    const value = match[2]!.trim();
    if (!value) continue;
    // A description may continue over several `# description:` lines.
    out[key] = key === 'description' && out.description ? `${out.description} ${value}` : value;
  }
  return out;
}
