import { Icon } from '../ui/components/Icon';
import { Menu } from '../ui/components/Menu';
import { selectEffectiveTheme, useAppStore } from '../state/app/store';
import type { ThemePreference } from '../state/app/store';

const CHOICES: { pref: ThemePreference; label: string }[] = [
  { pref: 'system', label: 'Follow the system' },
  { pref: 'light', label: 'Light' },
  { pref: 'dark', label: 'Dark' },
];

/** Light and dark follow the OS unless overridden here. */
export function ThemeMenu() {
  const pref = useAppStore((s) => s.themePreference);
  const effective = useAppStore(selectEffectiveTheme);
  const set = useAppStore((s) => s.setThemePreference);
  return (
    <Menu
      label={`Theme: ${CHOICES.find((c) => c.pref === pref)?.label ?? pref}`}
      className="btn btn-ghost btn-icon"
      align="end"
      buttonContent={<Icon name={effective === 'dark' ? 'moon' : 'sun'} />}
      items={CHOICES.map((c) => ({
        key: c.pref,
        label: c.label,
        checked: c.pref === pref,
        onSelect: () => set(c.pref),
      }))}
    />
  );
}
