import { useState } from 'react';
import { BUNDLE_MAX_JOBS } from '../../../../shared/bundles';
import { useAppStore } from '../../../state/app/store';
import { useBundlesStore } from '../../../state/bundles/store';

/**
 * "Export list…": the jobs the table shows now (after its search and filters) as one bundle
 * file, to hand a set of runs over. Up to the bundle's limit; past it the button says why.
 */
export function ListExporter({ ids, filtered }: { ids: readonly number[]; filtered: boolean }) {
  const [busy, setBusy] = useState(false);
  const count = ids.length;
  const tooMany = count > BUNDLE_MAX_JOBS;
  const what = filtered ? `the ${count.toLocaleString()} jobs shown` : 'every job in the list';
  const title =
    count === 0
      ? 'No jobs to export: the list is empty'
      : tooMany
        ? `A bundle holds at most ${BUNDLE_MAX_JOBS} jobs; narrow the list (${count.toLocaleString()} shown) with the search or filters`
        : `Save ${what} as one bundle file: payloads, results, logs, tags and notes; secrets removed`;
  const run = async () => {
    setBusy(true);
    try {
      const saved = await useBundlesStore.getState().saveJobs([...ids]);
      if (saved) {
        useAppStore
          .getState()
          .notify('ok', `Saved ${saved}: ${count} job${count === 1 ? '' : 's'}.`);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn"
      disabled={busy || count === 0 || tooMany}
      title={title}
      aria-label={busy ? 'Exporting the list…' : `Export ${what} as a bundle`}
      onClick={() => void run()}
      data-testid="export-list"
    >
      {busy ? 'Exporting…' : 'Export list…'}
    </button>
  );
}
