import './copied-text.css';

/**
 * A text the app has just put on the clipboard, shown so the person sees what they share: a
 * notice that says whether it was copied (or that the browser refused, and what to do), and the
 * text read-only below it, to select and copy by hand.
 */
export function CopiedText({
  text,
  copied,
  copiedNote,
  refusedNote,
  afterNote,
  label,
  testId,
}: {
  text: string;
  /** null while copying, then whether the browser allowed it. */
  copied: boolean | null;
  /** What follows "Copied to the clipboard." */
  copiedNote: string;
  /** What to do when the browser refused the clipboard. */
  refusedNote: string;
  /** Said in every case, after the notice. */
  afterNote?: string;
  label: string;
  testId: string;
}) {
  return (
    <div className="copied-text">
      <p role="status" className={`callout ${copied === false ? 'callout-warn' : 'callout-ok'}`}>
        {copied === null
          ? 'Copying…'
          : copied
            ? `Copied to the clipboard. ${copiedNote}`
            : `The browser did not allow copying: ${refusedNote}`}
        {afterNote ? ` ${afterNote}` : null}
      </p>
      <textarea
        className="input mono copied-text-area"
        readOnly
        value={text}
        aria-label={label}
        data-testid={testId}
        rows={18}
      />
    </div>
  );
}
