import { Suspense } from 'react';
import type { VariantId } from '../../../../shared/variants';
import { StateMessage } from '../../../ui/components/States';
import type { JobDetailView } from '../../../state/jobs/store';
import { ViewerBoundary } from './ViewerBoundary';
import type { ResultViewers } from '../viewer-slots';

/**
 * The result, drawn by the viewer for the job's execute type. A missing result or a type that
 * does not match is explained by the viewer itself (spec §7.2, in words). The viewer comes from
 * the shell (`viewers.Result`, a lazy chunk: loaded when a result is first shown).
 */
export function ResultTab({
  view,
  variant,
  viewers,
}: {
  view: JobDetailView;
  variant: VariantId;
  viewers: ResultViewers;
}) {
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
        <viewers.Result variant={variant} detail={view.detail} />
      </Suspense>
    </ViewerBoundary>
  );
}
