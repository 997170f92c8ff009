import { Suspense, lazy, useEffect, useState } from 'react';
import { StateMessage } from '../ui/components/States';
import { useAppStore } from '../state/app/store';
import type { ViewName } from '../state/app/store';
import { useConnectionStore } from '../state/connection/store';
import { useLoginFormOnRefusal } from '../state/connection/login-flow';
import { DevicesView } from '../features/devices/DevicesView';
import { EditorView } from '../features/editor/EditorView';
import { CircuitDiagramPanel } from '../features/circuit-diagram/CircuitDiagramPanel';
import { SweepButton } from '../features/job-monitor/batches/SweepButton';
import { CopyAsPythonButton } from '../features/payload-views/CopyAsPythonButton';
import { PayloadViews } from '../features/payload-views/PayloadViews';
import type { ResultViewers } from '../features/job-monitor';
import { ActivityBar } from './ActivityBar';
import { startApp } from './bootstrap';
import { Dialogs } from './Dialogs';
import { StatusBar } from './StatusBar';
import { TopBar } from './TopBar';
import { useThemeSync } from './theme';
import { useJobEndNotices } from './use-job-end-notices';
import './shell.css';

// The job monitor brings its charts and tables; load it when Jobs is first opened.
const JobsView = lazy(() =>
  import('../features/job-monitor').then((m) => ({ default: m.JobsView })),
);
// The typed result viewers (their own chunk, with charts): loaded when a result is first shown,
// drawn in a job's Result tab and its Compare dialog.
const RESULT_VIEWERS: ResultViewers = {
  Result: lazy(() =>
    import('../features/result-viewers').then((m) => ({ default: m.ResultViewer })),
  ),
  Compare: lazy(() =>
    import('../features/result-viewers').then((m) => ({ default: m.CompareView })),
  ),
};
const BatchesView = lazy(() =>
  import('../features/job-monitor/batches/BatchesView').then((m) => ({ default: m.BatchesView })),
);

const TITLES: Record<ViewName, string> = {
  editor: 'Editor',
  devices: 'Devices',
  jobs: 'Jobs',
  batches: 'Batches',
};

/**
 * The window: top bar, activity bar, the current view, status bar. Views stay mounted once
 * visited (hidden when not shown) so the editor keeps its undo history and cursor, and lists
 * keep their scroll position.
 */
export function App() {
  useThemeSync();
  useEffect(() => startApp(), []);
  useLoginFormOnRefusal();
  useJobEndNotices();
  const fatal = useAppStore((s) => s.fatal);
  const view = useAppStore((s) => s.view);
  const loadError = useConnectionStore((s) => s.loadError);
  const [visited, setVisited] = useState<ViewName[]>(['editor']);
  if (!visited.includes(view)) setVisited([...visited, view]);

  if (fatal) {
    return (
      <StateMessage icon="error" tone="err" title="Quantum Job Studio cannot start">
        <p>{fatal}</p>
      </StateMessage>
    );
  }

  return (
    <div className="app">
      <TopBar />
      <div className="app-main">
        <ActivityBar />
        {loadError ? (
          <main className="app-view">
            <StateMessage
              icon="error"
              tone="err"
              title="The connections could not be loaded"
              action={
                <button
                  type="button"
                  className="btn"
                  onClick={() => void useConnectionStore.getState().load()}
                >
                  Try again
                </button>
              }
            >
              <p>{loadError}</p>
            </StateMessage>
          </main>
        ) : (
          visited.map((v) => (
            <main key={v} className="app-view" hidden={v !== view} aria-label={TITLES[v]}>
              {v === 'editor' ? (
                <EditorView
                  tools={
                    <>
                      <SweepButton />
                      <CopyAsPythonButton />
                    </>
                  }
                  below={
                    <>
                      <CircuitDiagramPanel />
                      <PayloadViews />
                    </>
                  }
                />
              ) : null}
              {v === 'devices' ? <DevicesView /> : null}
              {v === 'jobs' ? (
                <Suspense fallback={<div className="view-loading" aria-busy="true" />}>
                  <JobsView viewers={RESULT_VIEWERS} />
                </Suspense>
              ) : null}
              {v === 'batches' ? (
                <Suspense fallback={<div className="view-loading" aria-busy="true" />}>
                  <BatchesView />
                </Suspense>
              ) : null}
            </main>
          ))
        )}
      </div>
      <StatusBar />
      <Dialogs />
    </div>
  );
}
