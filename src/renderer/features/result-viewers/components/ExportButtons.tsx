import { useState } from 'react';
import { downloadText, fileSlug } from '../../../ui/charts';
import { toCsv } from '../model/export-csv';
import { toJson } from '../model/export-json';
import type { ViewModel } from '../../../state/results/models';

export interface JobRef {
  id: number;
  name?: string;
}

/** CSV and JSON downloads of a viewer's data (all of it, not only what is on screen). */
export function ExportButtons({
  model,
  job,
  what,
}: {
  model: ViewModel;
  job: JobRef;
  what: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const stem = `job-${job.id}-${fileSlug(model.path ? `${model.kind} ${model.path}` : model.kind)}`;
  const save = (format: 'csv' | 'json') => {
    try {
      setError(null);
      if (format === 'csv') downloadText(toCsv(model), `${stem}.csv`, 'text/csv;charset=utf-8');
      else
        downloadText(
          toJson(model, { id: job.id, label: job.name }),
          `${stem}.json`,
          'application/json',
        );
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <span className="rv-export">
      <button
        type="button"
        className="btn btn-ghost"
        onClick={() => save('csv')}
        aria-label={`Export ${what} as CSV`}
      >
        CSV
      </button>
      <button
        type="button"
        className="btn btn-ghost"
        onClick={() => save('json')}
        aria-label={`Export ${what} as JSON`}
      >
        JSON
      </button>
      {error ? (
        <span role="alert" className="field-error">
          Export failed: {error}
        </span>
      ) : null}
    </span>
  );
}
