/** The payload editor's cursor, as an offset in its text: the sweep dialog offers the number there first. */
let offset: number | null = null;

export function setEditorCursor(at: number | null): void {
  offset = at;
}

export function editorCursor(): number | null {
  return offset;
}
