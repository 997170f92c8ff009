import { useEffect, useState } from 'react';
import { Dialog } from '../../../ui/components/Dialog';
import { CopiedText } from '../../../ui/components/CopiedText';
import { describeError } from '../../../services/errors';
import { useJobsStore } from '../../../state/jobs/store';
import { saveTextFile } from '../../../services/save-text';
import { copyText } from '../../../ui/log-viewer';

type Phase =
  | { kind: 'building' }
  | { kind: 'ready'; text: string; fileName: string; copied: boolean | null }
  | { kind: 'error'; message: string };

/**
 * "Copy diagnostics": the core builds the bundle (tokens and API keys redacted there, so this
 * side never holds them), it is copied at once and shown, so the person sees what they share.
 */
export function DiagnosticsDialog({ jobId, onClose }: { jobId: number; onClose: () => void }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'building' });
  useEffect(() => {
    let live = true;
    useJobsStore
      .getState()
      .buildDiagnostics(jobId)
      .then(async ({ text, fileName }) => {
        if (!live) return;
        setPhase({ kind: 'ready', text, fileName, copied: null });
        const copied = await copyText(text);
        if (live) setPhase({ kind: 'ready', text, fileName, copied });
      })
      .catch(
        (error: unknown) =>
          live &&
          setPhase({
            kind: 'error',
            message: describeError(error, 'build the diagnostics').detail,
          }),
      );
    return () => {
      live = false;
    };
  }, [jobId]);

  return (
    <Dialog
      title={`Diagnostics for job ${jobId}`}
      onClose={onClose}
      width={46}
      footer={
        <>
          {phase.kind === 'ready' ? (
            <>
              <button
                type="button"
                className="btn"
                onClick={() => void saveTextFile(phase.fileName, phase.text)}
              >
                Save as file
              </button>
              <button
                type="button"
                className="btn"
                onClick={() =>
                  void copyText(phase.text).then((copied) => setPhase({ ...phase, copied }))
                }
              >
                Copy again
              </button>
            </>
          ) : null}
          <button type="button" className="btn btn-primary" onClick={onClose}>
            Done
          </button>
        </>
      }
    >
      {phase.kind === 'building' ? (
        <p aria-busy="true">Collecting the job’s detail, timeline and logs…</p>
      ) : phase.kind === 'error' ? (
        <p className="callout callout-err" role="alert">
          {phase.message}
        </p>
      ) : (
        <CopiedText
          text={phase.text}
          copied={phase.copied}
          copiedNote="Paste it into the support ticket."
          refusedNote="select the text below and copy it, or save it as a file."
          afterNote="Tokens and API keys are replaced by [redacted]."
          label="Diagnostics text"
          testId="diagnostics-text"
        />
      )}
    </Dialog>
  );
}
