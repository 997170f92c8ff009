import { Icon } from '../../ui/components/Icon';
import { Menu } from '../../ui/components/Menu';
import type { MenuItem } from '../../ui/components/Menu';
import { useAppStore } from '../../state/app/store';
import {
  selectActiveProfile,
  selectNeedsLogin,
  useConnectionStore,
} from '../../state/connection/store';
import { VariantBadge } from './VariantBadge';

/** Switches the connection (simulator A, simulator B, real services); the variant is always on it. */
export function ProfileSwitcher() {
  const profiles = useConnectionStore((s) => s.profiles);
  const active = useConnectionStore(selectActiveProfile);
  const switchingTo = useConnectionStore((s) => s.switchingTo);
  const status = useConnectionStore((s) => s.status);
  const activate = useConnectionStore((s) => s.activate);
  const openDialog = useAppStore((s) => s.openDialog);

  const choose = async (id: string) => {
    await activate(id);
    const state = useConnectionStore.getState();
    if (!state.switchError && selectNeedsLogin(state)) openDialog('login');
  };

  const items: MenuItem[] = profiles.map((p) => ({
    key: p.id,
    label: p.name,
    detail: p.builtin === 'simulator' ? 'Built-in simulator, works offline' : p.baseUrl,
    aside: <VariantBadge variant={p.variant} compact />,
    checked: p.id === active?.id,
    onSelect: () => void choose(p.id),
  }));
  items.push({
    key: '__manage',
    label: 'Manage connections…',
    separatorBefore: items.length > 0,
    onSelect: () => openDialog('profiles'),
  });

  const switching = profiles.find((p) => p.id === switchingTo);
  const content =
    status === 'loading' ? (
      <span className="skeleton" style={{ width: '9rem', height: '0.9rem' }} aria-hidden="true" />
    ) : (
      <>
        <Icon name="plug" />
        <span className="switcher-name">
          {switching ? `Switching to ${switching.name}…` : (active?.name ?? 'No connection')}
        </span>
        {active ? <VariantBadge variant={active.variant} /> : null}
        <Icon name="chevronDown" />
      </>
    );

  return (
    <Menu
      label={`Connection: ${active?.name ?? 'none'}${active ? `, Variant ${active.variant}` : ''}`}
      className="btn btn-ghost switcher"
      buttonContent={content}
      items={items}
    />
  );
}
