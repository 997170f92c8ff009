import { useState } from 'react';
import { Dialog } from '../../ui/components/Dialog';
import { CopiedText } from '../../ui/components/CopiedText';
import { Icon } from '../../ui/components/Icon';
import { copyText } from '../../ui/log-viewer';
import { jobNameOf, selectActiveTab, useEditorStore } from '../../state/editor/store';
import { pythonForText } from './python-for-tab';

type Shown =
  | { kind: 'script'; script: string; title: string; copied: boolean | null }
  | { kind: 'refused'; reason: string; title: string };

/**
 * "Copy as Python" in the editor's toolbar: the payload in front as a qilisdk script for the
 * connection's variant (`qjob convert --to python`), copied at once and shown, so the person
 * sees what they paste. When the browser refuses the clipboard the script stays selectable;
 * when the generator does not cover the payload the dialog says why.
 */
export function CopyAsPythonButton() {
  const tab = useEditorStore(selectActiveTab);
  const variant = useEditorStore((s) => s.variant);
  const [shown, setShown] = useState<Shown | null>(null);

  const copy = async () => {
    if (!tab) return;
    const out = pythonForText(variant, tab.text, {
      jobName: jobNameOf(tab).name,
      source: tab.title,
    });
    if ('refused' in out) {
      setShown({ kind: 'refused', reason: out.refused, title: tab.title });
      return;
    }
    setShown({ kind: 'script', script: out.script, title: tab.title, copied: null });
    const copied = await copyText(out.script);
    setShown((s) => (s?.kind === 'script' && s.script === out.script ? { ...s, copied } : s));
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={!tab || !tab.text.trim()}
        title="Copy this payload as a qilisdk Python script that builds and submits the same job"
        aria-label="Copy as Python"
        data-testid="copy-as-python"
        onClick={() => void copy()}
      >
        <Icon name="code" />
        <span className="hide-narrow">Copy as Python</span>
      </button>
      {shown ? <PythonDialog shown={shown} onClose={() => setShown(null)} /> : null}
    </>
  );
}

function PythonDialog({ shown, onClose }: { shown: Shown; onClose: () => void }) {
  return (
    <Dialog
      title={`${shown.title} as SDK Python`}
      onClose={onClose}
      width={46}
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Done
        </button>
      }
    >
      {shown.kind === 'refused' ? (
        <p className="callout callout-warn" role="alert" data-testid="python-refused">
          No Python script was written. {shown.reason}
        </p>
      ) : (
        <CopiedText
          text={shown.script}
          copied={shown.copied}
          copiedNote="Paste it into a notebook with qilisdk installed."
          refusedNote="select the script below (Ctrl+A in it) and copy it."
          label="Python script"
          testId="python-script"
        />
      )}
    </Dialog>
  );
}
