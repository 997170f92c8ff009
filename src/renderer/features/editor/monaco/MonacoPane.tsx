import { useEffect, useRef, useState } from 'react';
import { monaco } from '../../../ui/monaco/monaco-api';
import { selectEffectiveTheme, useAppStore } from '../../../state/app/store';
import { useEditorStore } from '../../../state/editor/store';
import { runCommand } from '../../../services/commands';
import { installMonacoEnvironment } from '../../../ui/monaco/environment';
import { startModelSync } from './models';
import { ProblemsPanel } from './ProblemsPanel';
import { ensureYamlLanguage } from '../../../ui/monaco/yaml-language';
import { setEditorCursor } from '../../../state/editor/cursor';
import { useCaretStore } from '../../../state/editor/caret';
import type { LineRequest } from '../../../state/editor/caret';
import { VariantBanner } from '../VariantBanner';

installMonacoEnvironment();

/** Selects a request's lines, in view, with the focus in the editor; a tab's request is settled. */
function selectRequested(e: monaco.editor.IStandaloneCodeEditor, request: LineRequest): void {
  const model = e.getModel();
  if (!model) return;
  const line = Math.min(request.line, model.getLineCount());
  const endLine = Math.min(request.endLine, model.getLineCount());
  e.setSelection({
    startLineNumber: line,
    startColumn: model.getLineFirstNonWhitespaceColumn(line) || 1,
    endLineNumber: endLine,
    endColumn: model.getLineMaxColumn(endLine),
  });
  e.revealLinesInCenterIfOutsideViewport(line, endLine);
  e.focus();
  if (request.tabId) useCaretStore.getState().settle(request);
}
// One model sync for the app's lifetime: tabs outlive any one editor widget.
const sync = startModelSync(monaco);

/**
 * The Monaco editor for the active tab, with the problems list under it. Loaded lazily: Monaco
 * is the largest part of the renderer and not needed to show the rest of the window.
 */
export default function MonacoPane() {
  const host = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<monaco.editor.IStandaloneCodeEditor | null>(null);
  const activeId = useEditorStore((s) => s.activeId);
  const variant = useEditorStore((s) => s.variant);
  const theme = useAppStore(selectEffectiveTheme);
  const viewStates = useRef(new Map<string, monaco.editor.ICodeEditorViewState | null>());
  const [model, setModel] = useState<monaco.editor.ITextModel | null>(null);
  // The tab whose model the editor shows.
  const shownId = useRef<string | null>(null);

  useEffect(() => {
    ensureYamlLanguage(monaco, variant);
  }, [variant]);

  useEffect(() => {
    monaco.editor.setTheme(theme === 'dark' ? 'vs-dark' : 'vs');
  }, [theme]);

  useEffect(() => {
    if (!host.current) return;
    const e = monaco.editor.create(host.current, {
      model: null,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      tabSize: 2,
      insertSpaces: true,
      scrollBeyondLastLine: false,
      renderWhitespace: 'selection',
      fixedOverflowWidgets: true,
      ariaLabel: 'Payload editor. Press Ctrl+M to make Tab move the focus instead of indenting.',
      quickSuggestions: { other: true, comments: false, strings: true },
    });
    // Submit from inside the editor: Monaco would otherwise insert a line on Ctrl/Cmd+Enter.
    e.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => runCommand('job.submit'));
    e.onDidChangeModel(() => setModel(e.getModel()));
    e.onDidChangeCursorPosition((c) => {
      setEditorCursor(e.getModel()?.getOffsetAt(c.position) ?? null);
      useCaretStore.getState().setLine(c.position.lineNumber);
    });
    // The circuit diagram asks for a gate's lines: select them, in view, with the focus here.
    // A request for another tab waits for it (the tab effect below carries it out).
    const stopRequests = useCaretStore.subscribe(
      (s) => s.request,
      (request) => {
        if (request && (!request.tabId || request.tabId === shownId.current))
          selectRequested(e, request);
      },
    );
    setEditor(e);
    return () => {
      stopRequests();
      e.dispose();
    };
  }, []);

  useEffect(() => {
    if (!editor) return;
    const next = activeId ? sync.modelFor(activeId) : null;
    if (editor.getModel() === next) return;
    // Keep each tab's cursor, selection and scroll position across tab switches.
    if (shownId.current) viewStates.current.set(shownId.current, editor.saveViewState());
    editor.setModel(next);
    shownId.current = activeId;
    const state = activeId ? viewStates.current.get(activeId) : undefined;
    if (state) editor.restoreViewState(state);
    const waiting = useCaretStore.getState().request;
    if (waiting?.tabId && waiting.tabId === activeId) selectRequested(editor, waiting);
  }, [editor, activeId]);

  const empty = useEditorStore((s) => s.tabs.find((t) => t.id === activeId)?.text.trim() === '');
  const replaceText = (text: string) => {
    const target = activeId ? sync.modelFor(activeId) : null;
    if (!target) return;
    // One edit on the undo stack, so Ctrl+Z brings the text back as it was.
    target.pushEditOperations([], [{ range: target.getFullModelRange(), text }], () => null);
    editor?.focus();
  };

  return (
    <div className="monaco-pane">
      {activeId ? <VariantBanner tabId={activeId} replaceText={replaceText} /> : null}
      <div ref={host} className="monaco-host" data-testid="monaco-host" />
      <ProblemsPanel monaco={monaco} editor={editor} model={model} empty={empty} />
    </div>
  );
}
