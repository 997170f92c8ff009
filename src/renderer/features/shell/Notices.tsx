import { Icon } from '../../components/Icon';
import { useAppStore } from '../../state/app/store';

/** Transient confirmations and failures, announced politely to screen readers. */
export function Notices() {
  const notices = useAppStore((s) => s.notices);
  const dismiss = useAppStore((s) => s.dismissNotice);
  return (
    <div className="notices" aria-live="polite">
      {notices.map((n) => (
        <div
          key={n.id}
          className={`notice callout callout-${n.tone}`}
          role={n.tone === 'err' ? 'alert' : 'status'}
        >
          <Icon name={n.tone === 'ok' ? 'check' : n.tone === 'info' ? 'info' : 'warning'} />
          <span>{n.text}</span>
          <button
            type="button"
            className="btn btn-ghost btn-icon"
            aria-label="Dismiss"
            onClick={() => dismiss(n.id)}
          >
            <Icon name="close" size={13} />
          </button>
        </div>
      ))}
    </div>
  );
}
