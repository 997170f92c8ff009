import { Menu } from '../../../ui/components/Menu';
import { useAnnotationsStore } from '../../../state/annotations/store';
import { useBundlesStore } from '../../../state/bundles/store';
import { useAppStore } from '../../../state/app/store';

/**
 * The detail's "Run again" menu: the payload in a new editor tab, or submitted again at once,
 * and the job exported as a bundle. One button, so the detail's actions stay on one row and a
 * result keeps the height of a small window.
 */
export function HandoverActions({ id, ready }: { id: number; ready: boolean }) {
  const rerunning = useAnnotationsStore((s) => s.rerunning);
  const { rerunInEditor, rerunNow } = useAnnotationsStore.getState();
  const busy = !ready || rerunning !== null;
  const exportBundle = async () => {
    const saved = await useBundlesStore.getState().saveJobs([id]);
    if (saved) useAppStore.getState().notify('ok', `Saved ${saved}.`);
  };
  return (
    <Menu
      label="Run again or export this job"
      buttonContent={rerunning === id ? 'Submitting…' : 'Run again ▾'}
      items={[
        {
          key: 'editor',
          label: 'Run again in the editor…',
          detail: 'Its payload in a new tab, its device picked',
          disabled: busy,
          onSelect: () => void rerunInEditor(id),
        },
        {
          key: 'now',
          label: 'Run again now',
          detail: 'The same payload on the same device',
          disabled: busy,
          onSelect: () => void rerunNow(id),
        },
        {
          key: 'bundle',
          label: 'Export bundle…',
          detail: 'One file: payload, result, logs, tags and note; secrets removed',
          separatorBefore: true,
          disabled: !ready,
          onSelect: () => void exportBundle(),
        },
      ]}
    />
  );
}
