import type * as Monaco from 'monaco-editor';
import type { YamlProblem } from '../../../../shared/yaml';
import { useEditorStore } from '../../../state/editor/store';
import type { TabAnalysis } from '../../../state/editor/store';
import { PAYLOAD_URI_PREFIX } from '../../../ui/monaco/yaml-language';

/** Markers of our own analysis (monaco-yaml does not validate: see yaml-language.ts). */
export const OWN_MARKER_OWNER = 'qjob';

export function uriForTab(monaco: typeof Monaco, tabId: string): Monaco.Uri {
  return monaco.Uri.parse(`${PAYLOAD_URI_PREFIX}${encodeURIComponent(tabId)}.yaml`);
}

export function tabIdOfUri(uri: Monaco.Uri): string | null {
  const s = uri.toString(true);
  if (!s.startsWith(PAYLOAD_URI_PREFIX) || !s.endsWith('.yaml')) return null;
  return decodeURIComponent(s.slice(PAYLOAD_URI_PREFIX.length, -'.yaml'.length));
}

function toMarker(monaco: typeof Monaco, p: YamlProblem): Monaco.editor.IMarkerData {
  const severity =
    p.severity === 'error'
      ? monaco.MarkerSeverity.Error
      : p.severity === 'warning'
        ? monaco.MarkerSeverity.Warning
        : monaco.MarkerSeverity.Info;
  const endLine = Math.max(p.endLine, p.line);
  const endColumn = endLine === p.line && p.endColumn <= p.column ? p.column + 1 : p.endColumn;
  return {
    severity,
    message: p.path ? `${p.message}\n(at ${p.path})` : p.message,
    startLineNumber: p.line,
    startColumn: p.column,
    endLineNumber: endLine,
    endColumn,
    source: 'Quantum Job Studio',
    ...(p.code ? { code: p.code } : {}),
  };
}

function publish(
  monaco: typeof Monaco,
  model: Monaco.editor.ITextModel,
  a: TabAnalysis | undefined,
): void {
  // Only analysis of the model's current text: stale positions would point at the wrong place.
  if (!a || a.text !== model.getValue()) return;
  monaco.editor.setModelMarkers(
    model,
    OWN_MARKER_OWNER,
    a.problems.map((p) => toMarker(monaco, p)),
  );
}

/**
 * Keeps one Monaco model per editor tab: created when a tab is first shown, its edits written
 * to the store, its markers refreshed from the store's analysis, disposed when the tab closes.
 * The store is the source of truth for which tabs exist; the model for the text being typed.
 */
export function startModelSync(monaco: typeof Monaco): {
  modelFor(tabId: string): Monaco.editor.ITextModel | null;
  dispose(): void;
} {
  const models = new Map<string, Monaco.editor.ITextModel>();
  const listeners: Monaco.IDisposable[] = [];

  const modelFor = (tabId: string) => {
    const existing = models.get(tabId);
    if (existing) return existing;
    const tab = useEditorStore.getState().tabs.find((t) => t.id === tabId);
    if (!tab) return null;
    const uri = uriForTab(monaco, tabId);
    const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(tab.text, 'yaml', uri);
    models.set(tabId, model);
    listeners.push(
      model.onDidChangeContent(() => useEditorStore.getState().updateText(tabId, model.getValue())),
    );
    publish(monaco, model, useEditorStore.getState().analysis[tabId]);
    return model;
  };

  const unsubTabs = useEditorStore.subscribe(
    (s) => s.tabs,
    (tabs) => {
      const live = new Set(tabs.map((t) => t.id));
      for (const [id, model] of models) {
        if (!live.has(id)) {
          models.delete(id);
          model.dispose();
        }
      }
    },
  );
  const unsubAnalysis = useEditorStore.subscribe(
    (s) => s.analysis,
    (analysis, previous) => {
      for (const [id, model] of models) {
        if (analysis[id] !== previous[id]) publish(monaco, model, analysis[id]);
      }
    },
  );
  return {
    modelFor,
    dispose() {
      unsubTabs();
      unsubAnalysis();
      listeners.forEach((l) => l.dispose());
      models.forEach((m) => m.dispose());
      models.clear();
    },
  };
}
