import { Icon } from '../../components/Icon';
import { CloseButton } from '../../components/CloseButton';
import { useMemo } from 'react';
import { noticesFor, useAppStore } from '../../state/app/store';
import { useConnectionStore } from '../../state/connection/store';

/** Transient confirmations and failures, announced politely to screen readers. */
export function Notices() {
  const all = useAppStore((s) => s.notices);
  const activeId = useConnectionStore((s) => s.activeId);
  const notices = useMemo(() => noticesFor(all, activeId), [all, activeId]);
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
          <CloseButton label="Dismiss" size={13} onClick={() => dismiss(n.id)} />
        </div>
      ))}
    </div>
  );
}
