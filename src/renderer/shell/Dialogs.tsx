import { ConfirmDialog } from '../ui/components/ConfirmDialog';
import { Dialog } from '../ui/components/Dialog';
import { useAppStore } from '../state/app/store';
import { selectDirtyCount, useEditorStore } from '../state/editor/store';
import { LoginDialog } from '../features/connection/LoginDialog';
import { ProfileDialog } from '../features/connection/ProfileDialog';
import { OpenByIdDialog } from './OpenByIdDialog';
import { LogsDialog, ShortcutsDialog } from './HelpDialogs';

function AboutDialog() {
  const info = useAppStore((s) => s.info);
  const close = () => useAppStore.getState().openDialog(null);
  return (
    <Dialog title="About Quantum Job Studio" onClose={close} width={28}>
      <dl className="about">
        <dt>Version</dt>
        <dd>{info?.version ?? '—'}</dd>
        <dt>Running as</dt>
        <dd>{info?.shell === 'web' ? 'Browser mode' : 'Desktop app'}</dd>
        <dt>Platform</dt>
        <dd>{info?.platform ?? '—'}</dd>
        <dt>Data folder</dt>
        <dd className="mono">{info?.dataDir ?? '—'}</dd>
        <dt>Log file</dt>
        <dd className="mono">{info?.logFile ?? 'none (the log goes to the terminal)'}</dd>
      </dl>
    </Dialog>
  );
}

/** The desktop window is closing with unsaved tabs: say that drafts survive, let the user choose. */
function CloseGuard() {
  const dirty = useEditorStore(selectDirtyCount);
  const answer = useAppStore((s) => s.answerClose);
  return (
    <ConfirmDialog
      title="Quit with unsaved changes?"
      onCancel={() => void answer(false)}
      choices={[{ label: 'Quit', kind: 'primary', onChoose: () => void answer(true) }]}
    >
      <p>
        {dirty === 1 ? 'One tab has' : `${dirty} tabs have`} changes that are not saved to a file.
        They are kept as drafts and reopen next time.
      </p>
    </ConfirmDialog>
  );
}

/** Whichever app-level dialog is open. */
export function Dialogs() {
  const dialog = useAppStore((s) => s.dialog);
  const closeRequested = useAppStore((s) => s.closeRequested);
  return (
    <>
      {dialog === 'profiles' ? <ProfileDialog /> : null}
      {dialog === 'login' ? <LoginDialog /> : null}
      {dialog === 'about' ? <AboutDialog /> : null}
      {dialog === 'openById' ? <OpenByIdDialog /> : null}
      {dialog === 'shortcuts' ? <ShortcutsDialog /> : null}
      {dialog === 'logs' ? <LogsDialog /> : null}
      {closeRequested ? <CloseGuard /> : null}
    </>
  );
}
