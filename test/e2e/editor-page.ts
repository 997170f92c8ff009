import { expect, openYamlFile, type Page } from './fixtures';

/** Reading and driving the payload editor in browser mode, for the editor specs. */

export async function editorReady(page: Page): Promise<void> {
  await expect(page.locator('.monaco-editor .view-lines')).toBeVisible();
  await expect(page.getByTestId('payload-check')).not.toHaveText(/checking/);
}

/**
 * Opens a template from the editor's "New from template" menu and waits until its tab is in
 * front and the analysis found it valid.
 */
export async function openTemplate(page: Page, title: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'New from template' }).click();
  await page
    .getByRole('menu', { name: 'New from template' })
    .getByRole('menuitem', { name: title })
    .click();
  await expect(page.getByRole('tab', { selected: true })).toContainText(title);
  await expect(page.getByTestId('payload-check')).toHaveText(/valid/);
}

let fileSeq = 0;

/**
 * Opens `text` in a new tab the way a user opens a .yaml file in browser mode (the file picker),
 * so the editor holds exactly this text: typing it would be re-indented by the editor.
 */
export async function setEditorText(page: Page, text: string): Promise<void> {
  await openYamlFile(page, `case-${++fileSeq}.yaml`, text);
  await editorReady(page);
}

export function problems(
  page: Page,
  filter: { source?: 'qjob' | 'yaml'; severity?: 'error' | 'warning' },
) {
  const source = filter.source ? `[data-source="${filter.source}"]` : '';
  const severity = filter.severity ? `[data-severity="${filter.severity}"]` : '';
  return page.locator(`.problem${source}${severity}`);
}

/** The little of the DOM the squiggle reader needs (the e2e project has no DOM typings). */
interface DomNode {
  textContent: string | null;
  style: { top: string };
  parentElement: DomNode | null;
  querySelector(selector: string): DomNode | null;
  querySelectorAll(selector: string): Iterable<DomNode>;
}

/** The line numbers Monaco draws a squiggle of this kind on (decorations share the line's top). */
export async function squiggleLines(page: Page, kind: 'error' | 'warning'): Promise<number[]> {
  return page.evaluate((cls) => {
    const doc = (globalThis as unknown as { document: DomNode }).document;
    const editor = doc.querySelector('.monaco-editor');
    if (!editor) return [];
    const numbers = new Map<string, number>();
    for (const n of editor.querySelectorAll('.margin-view-overlays > div')) {
      const line = Number(n.querySelector('.line-numbers')?.textContent);
      if (line) numbers.set(n.style.top, line);
    }
    const lines = new Set<number>();
    for (const s of editor.querySelectorAll(`.view-overlays .${cls}`)) {
      const row = s.parentElement;
      const line = row ? numbers.get(row.style.top) : undefined;
      if (line) lines.add(line);
    }
    return [...lines].sort((a, b) => a - b);
  }, `squiggly-${kind}`);
}

/** The editor's text cell showing `text` (a key), to point the mouse at. */
export function token(page: Page, text: string) {
  return page
    .locator('.monaco-editor .view-line span span')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .first();
}

/** Labels of the rows the suggest widget shows, top first. */
export async function suggestions(page: Page): Promise<string[]> {
  return (await suggestionRows(page)).map((r) => r.label);
}

/** The rows the suggest widget shows, top first: each label and its description ("required"). */
export async function suggestionRows(
  page: Page,
): Promise<{ label: string; description: string }[]> {
  const widget = page.locator('.monaco-editor .suggest-widget');
  await expect(widget).toBeVisible();
  await expect(widget.locator('.monaco-list-row').first()).toBeVisible();
  const rows = await widget.locator('.monaco-list-row').evaluateAll((els) =>
    els.map((el) => ({
      position: Number(el.getAttribute('aria-posinset')),
      label: el.querySelector('.label-name')?.textContent ?? '',
      description: el.querySelector('.details-label')?.textContent ?? '',
    })),
  );
  return rows
    .sort((a, b) => a.position - b.position)
    .map(({ label, description }) => ({ label, description }));
}

/**
 * Asks for completions (Ctrl+Space) with `prefix` typed at the end of `line` (1-based) of
 * `text`, or `left` characters before its end; an empty prefix asks for everything valid there.
 */
export async function completionRowsAt(
  page: Page,
  text: string,
  line: number,
  prefix: string,
  left = 0,
): Promise<{ label: string; description: string }[]> {
  await setEditorText(page, text);
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+Home');
  for (let i = 1; i < line; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  for (let i = 0; i < left; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(prefix);
  await page.keyboard.press('Control+Space');
  const rows = await suggestionRows(page);
  await page.keyboard.press('Escape');
  return rows;
}

export async function completionsAt(
  page: Page,
  text: string,
  line: number,
  prefix: string,
): Promise<string[]> {
  return (await completionRowsAt(page, text, line, prefix)).map((r) => r.label);
}
