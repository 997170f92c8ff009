import { Icon } from '../ui/components/Icon';
import type { IconName } from '../ui/components/Icon';
import { useAppStore } from '../state/app/store';
import type { ViewName } from '../state/app/store';
import { shortcutLabel } from '../services/commands';

const VIEWS: { view: ViewName; label: string; icon: IconName; key: string }[] = [
  { view: 'editor', label: 'Editor', icon: 'editor', key: 'Alt+1' },
  { view: 'devices', label: 'Devices', icon: 'devices', key: 'Alt+2' },
  { view: 'jobs', label: 'Jobs', icon: 'jobs', key: 'Alt+3' },
  { view: 'batches', label: 'Batches', icon: 'batches', key: 'Alt+4' },
];

/** The left-hand navigation between the app's four places. */
export function ActivityBar() {
  const view = useAppStore((s) => s.view);
  const show = useAppStore((s) => s.showView);
  return (
    <nav className="activitybar" aria-label="Views">
      {VIEWS.map((v) => (
        <button
          key={v.view}
          type="button"
          className={`activity ${view === v.view ? 'is-active' : ''}`}
          aria-current={view === v.view ? 'page' : undefined}
          title={`${v.label} (${shortcutLabel(v.key)})`}
          onClick={() => show(v.view)}
        >
          <Icon name={v.icon} size={20} />
          <span className="activity-label">{v.label}</span>
        </button>
      ))}
    </nav>
  );
}
