import { Icon } from '../ui/components/Icon';
import { Menu } from '../ui/components/Menu';
import { selectIsWebShell, useAppStore } from '../state/app/store';

/**
 * Browser mode's Help (the desktop app has it in its menu bar): the keys, where the app's log is
 * (what support asks for first: "Help → Open Log Folder"), and About.
 */
export function HelpMenu() {
  const web = useAppStore(selectIsWebShell);
  const open = useAppStore((s) => s.openDialog);
  if (!web) return null;
  return (
    <Menu
      label="Help"
      className="btn btn-ghost btn-icon"
      align="end"
      buttonContent={<Icon name="help" />}
      items={[
        { key: 'shortcuts', label: 'Keyboard shortcuts', onSelect: () => open('shortcuts') },
        {
          key: 'logs',
          label: 'Open Log Folder',
          detail: 'Where the app’s log is, for a support ticket',
          onSelect: () => open('logs'),
        },
        {
          key: 'about',
          label: 'About Quantum Job Studio',
          separatorBefore: true,
          onSelect: () => open('about'),
        },
      ]}
    />
  );
}
