import { Suspense, lazy } from 'react';
import type { VariantId } from '../../../shared/variants';
import { StateMessage } from '../../ui/components/States';
import type { JobDetailView } from '../../state/jobs/store';
import { ViewerBoundary } from './ViewerBoundary';

// The typed result viewers (their own feature, with charts): loaded when a result is first shown.
const ResultViewer = lazy(() =>
  import('./result-viewers').then((m) => ({ default: m.ResultViewer })),
);

/**
 * The result, drawn by the viewer for the job's execute type. A missing result or a type that
 * does not match is explained by the viewer itself (spec §7.2, in words).
 */
export function ResultTab({ view, variant }: { view: JobDetailView; variant: VariantId }) {
  const broken = view.problems.find((p) => p.field === 'result');
  if (broken) {
    return (
      <StateMessage icon="warning" tone="warn" title="The result could not be decoded">
        <p>{broken.message}. Its raw text is shown under Errors, as the service sent it.</p>
      </StateMessage>
    );
  }
  return (
    <ViewerBoundary>
      <Suspense
        fallback={
          <div className="jm-tab-loading" aria-busy="true">
            Loading the result viewer…
          </div>
        }
      >
        <ResultViewer variant={variant} detail={view.detail} />
      </Suspense>
    </ViewerBoundary>
  );
}
