import type { JobAnnotations } from '../../../../shared/annotations';

/** "Rerun of job 12" / "Run again as 15, 16" / "From the bundle x.qjob.json": links both ways. */
export function Lineage({
  annotations,
  onOpenJob,
}: {
  annotations: JobAnnotations | null;
  onOpenJob: (id: number) => void;
}) {
  const origin = annotations?.origin ?? null;
  const reruns = annotations?.reruns ?? [];
  if (!origin && !reruns.length) return null;
  const link = (id: number) => (
    <button
      key={id}
      type="button"
      className="btn-link mono"
      onClick={() => onOpenJob(id)}
      data-testid={`lineage-${id}`}
    >
      #{id}
    </button>
  );
  return (
    <p className="jm-lineage" data-testid="job-lineage">
      {origin?.kind === 'rerun' ? <span>Rerun of {link(origin.jobId)}</span> : null}
      {origin?.kind === 'bundle' ? (
        <span>
          From the bundle <span className="mono">{origin.file}</span>
          {origin.jobId !== null ? ` (job ${origin.jobId} there)` : ''}
        </span>
      ) : null}
      {reruns.length ? (
        <span>
          Rerun as{' '}
          {reruns.map((id, i) => (
            <span key={id}>
              {i > 0 ? ', ' : ''}
              {link(id)}
            </span>
          ))}
        </span>
      ) : null}
    </p>
  );
}
