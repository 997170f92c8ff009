import { describeError } from '../services/errors';
import { useAppStore } from '../state/app/store';
import { selectIsLoggedIn, selectVariant, useConnectionStore } from '../state/connection/store';
import { useDevicesStore } from '../state/devices/store';
import { selectDirtyCount, useEditorStore } from '../state/editor/store';
import { startDraftAutosave } from '../state/editor/autosave';
import { useSubmitStore } from '../state/submit/store';
import { commandForKey, registerCommand, runCommand, runMenuCommands } from '../services/commands';
import { openJobOn } from '../state/app/open-job';
import { loadPreferences } from '../state/app/preferences';

/**
 * Wires the stores to the app: the core's events into the stores, the stores into each other
 * (a profile switch refreshes devices and revalidates the editor under the new variant), the
 * menu and keys into commands. Returns a function that undoes all of it.
 */
export function startApp(): () => void {
  const app = useAppStore.getState();
  const stops: (() => void)[] = [];
  try {
    // Events sent while the link was down are lost: re-read what they would have changed.
    stops.push(app.watchTransport(() => void resync()));
  } catch (error) {
    app.setFatal(error instanceof Error ? error.message : String(error));
    return () => undefined;
  }

  stops.push(
    useConnectionStore.getState().watch(),
    useDevicesStore.getState().watch(),
    runMenuCommands(),
    app.onCloseRequested(() => void requestClose()),
  );

  // A profile switch (or the first activation) changes the variant and the devices.
  stops.push(
    useConnectionStore.subscribe(selectVariant, (variant) =>
      useEditorStore.getState().setVariant(variant),
    ),
    useConnectionStore.subscribe(
      (s) => `${s.activeId}|${selectIsLoggedIn(s)}`,
      () => {
        useSubmitStore.getState().pickDevice(null);
        useDevicesStore.getState().reset();
        // Devices need a session; logged out, the views say so and offer the login instead.
        if (selectIsLoggedIn(useConnectionStore.getState())) void useDevicesStore.getState().load();
      },
    ),
  );

  void app.loadInfo().catch((error: unknown) => console.error('app.info failed', error));
  void loadPreferences().catch((error: unknown) =>
    app.notify(
      'warn',
      `The theme and the job list’s view from the last session could not be read: ${describeError(error, 'read the settings').detail}`,
    ),
  );
  void useConnectionStore
    .getState()
    .load()
    .then(() => useEditorStore.getState().restore(selectVariant(useConnectionStore.getState())));

  const autosave = startDraftAutosave();
  stops.push(() => autosave.stop());

  stops.push(
    registerCommand('view.editor', () => useAppStore.getState().showView('editor')),
    registerCommand('view.devices', () => useAppStore.getState().showView('devices')),
    registerCommand('view.jobs', () => useAppStore.getState().showView('jobs')),
    registerCommand('view.batches', () => useAppStore.getState().showView('batches')),
    // A notification's job: on the connection it came from, never the same id elsewhere.
    registerCommand(
      'job.open',
      (c) => c.jobId !== undefined && void openJobOn(c.profileId ?? null, c.jobId),
    ),
    // From any view, over it: the job monitor is loaded only once a job is asked for.
    registerCommand('job.openById', () => useAppStore.getState().openDialog('openById')),
    registerCommand('app.about', () => useAppStore.getState().openDialog('about')),
  );

  // The desktop app's menu accelerators send these as `ui.command`; only browser mode binds keys.
  // Known at once from the transport, so a key pressed right after a reload is not lost.
  const onKey = (e: KeyboardEvent) => {
    if (useAppStore.getState().shell !== 'web') return;
    const name = commandForKey(e);
    if (name && runCommand(name)) e.preventDefault();
  };
  window.addEventListener('keydown', onKey);
  stops.push(() => window.removeEventListener('keydown', onKey));

  // Browser mode: the page can be closed like any tab. Drafts are flushed either way; the
  // browser's own prompt guards unsaved tabs. (The desktop app asks through app.closeRequested.)
  const onBeforeUnload = (e: BeforeUnloadEvent) => {
    void autosave.flush();
    if (useAppStore.getState().shell === 'web' && selectDirtyCount(useEditorStore.getState()) > 0) {
      e.preventDefault();
    }
  };
  window.addEventListener('beforeunload', onBeforeUnload);
  stops.push(() => window.removeEventListener('beforeunload', onBeforeUnload));

  async function requestClose(): Promise<void> {
    // The drafts are written before the window may go, so closing never loses typing.
    await autosave.flush();
    if (selectDirtyCount(useEditorStore.getState()) === 0) {
      await useAppStore.getState().answerClose(true);
      return;
    }
    useAppStore.setState({ closeRequested: true });
  }

  return () => stops.forEach((stop) => stop());
}

async function resync(): Promise<void> {
  await useConnectionStore.getState().load();
  if (selectIsLoggedIn(useConnectionStore.getState())) await useDevicesStore.getState().load(true);
}
