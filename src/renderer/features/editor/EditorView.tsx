import { Suspense, lazy, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../ui/components/ConfirmDialog';
import { ErrorBoundary } from '../../ui/components/ErrorBoundary';
import { Icon } from '../../ui/components/Icon';
import { StateMessage } from '../../ui/components/States';
import { describeError } from '../../services/errors';
import { useAppStore } from '../../state/app/store';
import { isDirty, selectActiveTab, untitledName, useEditorStore } from '../../state/editor/store';
import { registerCommand, shortcutLabel } from '../../services/commands';
import { PreflightPanel } from './preflight/PreflightPanel';
import { EditorTabs } from './EditorTabs';
import { openFile, saveTab } from './file-io';
import { TemplatesMenu } from './TemplatesMenu';
import './editor.css';

const MonacoPane = lazy(() => import('./monaco/MonacoPane'));
const PANEL_ID = 'payload-editor-panel';

/** Same footprint as the editor and its problems list, so nothing moves when Monaco arrives. */
function EditorSkeleton() {
  return (
    <div className="editor-skeleton-frame" aria-busy="true" aria-label="Loading the editor">
      <div className="editor-skeleton">
        {[70, 45, 60, 35, 55, 40, 65].map((w, i) => (
          <span key={i} className="skeleton" style={{ width: `${w}%`, height: '0.8rem' }} />
        ))}
      </div>
      <div className="problems is-open" aria-hidden="true" />
    </div>
  );
}

/** The payload editor: tabs, Monaco with the problems list, and the pre-flight panel beside it. */
/** `tools`: more buttons for the toolbar, from features the shell composes in (Sweep…). */
/** `below`: views of the payload under the editor, from features the shell composes in (Schedule, the circuit diagram). */
export function EditorView({ tools, below }: { tools?: ReactNode; below?: ReactNode } = {}) {
  const status = useEditorStore((s) => s.status);
  const hasTabs = useEditorStore((s) => s.tabs.length > 0);
  const activeTab = useEditorStore(selectActiveTab);
  const [closing, setClosing] = useState<string | null>(null);
  const notify = useAppStore((s) => s.notify);

  const newTab = () => {
    const { tabs, openTab } = useEditorStore.getState();
    openTab({ title: untitledName(tabs), text: '', clean: true });
  };
  const requestClose = (id: string) => {
    const tab = useEditorStore.getState().tabs.find((t) => t.id === id);
    if (!tab) return;
    if (isDirty(tab)) setClosing(id);
    else useEditorStore.getState().closeTab(id);
  };
  const save = async (saveAs: boolean, id = useEditorStore.getState().activeId) => {
    const tab = useEditorStore.getState().tabs.find((t) => t.id === id);
    if (!tab) return false;
    try {
      return await saveTab(tab, saveAs);
    } catch (error) {
      notify('err', describeError(error, `save ${tab.title}`).detail);
      return false;
    }
  };
  const showEditor = () => useAppStore.getState().showView('editor');
  const open = () =>
    openFile().catch((e: unknown) => notify('err', describeError(e, 'open the file').detail));

  useEffect(() => {
    const stops = [
      // Menu items and keys work from any view; what they open is shown in the editor.
      registerCommand('tab.new', () => {
        showEditor();
        newTab();
      }),
      registerCommand('tab.close', () => {
        const id = useEditorStore.getState().activeId;
        if (id) requestClose(id);
      }),
      registerCommand('file.open', () => {
        showEditor();
        void open();
      }),
      registerCommand('file.save', () => void save(false)),
      registerCommand('file.saveAs', () => void save(true)),
    ];
    return () => stops.forEach((s) => s());
  });

  const closingTab = useEditorStore((s) => s.tabs.find((t) => t.id === closing));

  return (
    <div className="editor-view">
      <div className="editor-main">
        <div className="editor-tabbar">
          <EditorTabs onClose={requestClose} panelId={PANEL_ID} />
          <div className="editor-actions" role="toolbar" aria-label="File">
            <button
              type="button"
              className="btn btn-ghost btn-icon"
              aria-label="New payload"
              title={`New payload (${shortcutLabel('Alt+N')})`}
              onClick={newTab}
            >
              <Icon name="plus" />
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-icon"
              aria-label="Open a YAML file"
              title={`Open… (${shortcutLabel('Ctrl+O')})`}
              onClick={() => void open()}
            >
              <Icon name="open" />
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-icon"
              aria-label="Save"
              title={`Save (${shortcutLabel('Ctrl+S')})`}
              disabled={!activeTab}
              onClick={() => void save(false)}
            >
              <Icon name="save" />
            </button>
            <TemplatesMenu />
            {tools}
          </div>
        </div>
        <div
          className="editor-panel"
          id={PANEL_ID}
          role="tabpanel"
          aria-labelledby={activeTab ? `tab-${activeTab.id}` : undefined}
        >
          {status === 'loading' ? <EditorSkeleton /> : null}
          {status === 'ready' && !hasTabs ? (
            <div className="editor-empty">
              <StateMessage
                icon="editor"
                title="No payload open"
                action={
                  <>
                    <button type="button" className="btn btn-primary" onClick={newTab}>
                      New payload
                    </button>
                    <button type="button" className="btn" onClick={() => void open()}>
                      Open a file…
                    </button>
                  </>
                }
              >
                <p>Start from a template (top right) or an empty payload.</p>
              </StateMessage>
            </div>
          ) : null}
          <div className="editor-slot" hidden={status === 'loading' || !hasTabs}>
            <ErrorBoundary what="editor">
              <Suspense fallback={<EditorSkeleton />}>
                <MonacoPane />
              </Suspense>
            </ErrorBoundary>
          </div>
        </div>
        {hasTabs ? below : null}
      </div>
      <PreflightPanel />
      {closingTab ? (
        <ConfirmDialog
          title={`Save changes to ${closingTab.title}?`}
          onCancel={() => setClosing(null)}
          choices={[
            {
              label: 'Save',
              kind: 'primary',
              onChoose: () => {
                setClosing(null);
                void save(false, closingTab.id).then(
                  (ok) => ok && useEditorStore.getState().closeTab(closingTab.id),
                );
              },
            },
            {
              label: 'Don’t save',
              kind: 'danger',
              onChoose: () => {
                setClosing(null);
                useEditorStore.getState().closeTab(closingTab.id);
              },
            },
          ]}
        >
          <p>Your changes are lost if you close this tab without saving.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
