import { describe, expect, it } from 'vitest';
import { fitDrafts } from '../../../../../src/renderer/state/editor/draft-budget';
import { DRAFTS_MAX_TOTAL_BYTES, utf8ByteLength } from '../../../../../src/shared/ipc/limits';

const MB = 1024 * 1024;
const tab = (title: string, text: string) => ({ id: title, title, text, path: null });

describe('drafts within their size limit', () => {
  it('keeps every tab when they fit together', () => {
    const tabs = [tab('a.yaml', 'x'.repeat(MB)), tab('b.yaml', 'y')];
    expect(fitDrafts(tabs)).toEqual({ kept: tabs, warning: null });
  });

  it('leaves out the tabs that do not fit, in tab order, and names them with their size', () => {
    const big = 'x'.repeat(34 * MB);
    const tabs = [tab('first.yaml', big), tab('second.yaml', big), tab('small.yaml', 'ok')];
    const { kept, warning } = fitDrafts(tabs);
    expect(kept.map((t) => t.title)).toEqual(['first.yaml', 'small.yaml']);
    expect(warning).toBe(
      'The open tabs hold 68 MB of text; drafts are kept up to 48 MB in all. ' +
        'Not autosaved: “second.yaml” (34 MB). Save it to a file to keep it.',
    );
  });

  it('counts UTF-8 bytes, as the message that carries them does', () => {
    const text = 'é'.repeat(DRAFTS_MAX_TOTAL_BYTES / 2 + 1); // 2 bytes each: one byte too many
    expect(text.length).toBeLessThan(DRAFTS_MAX_TOTAL_BYTES);
    expect(fitDrafts([tab('accents.yaml', text)]).kept).toEqual([]);
    expect(utf8ByteLength('a€😀\ud800')).toBe(new TextEncoder().encode('a€😀\ud800').length);
  });
});
