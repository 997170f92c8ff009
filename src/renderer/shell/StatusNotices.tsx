import { useEffect, useMemo, useRef, useState } from 'react';
import { CloseButton } from '../ui/components/CloseButton';
import { Icon } from '../ui/components/Icon';
import type { IconName } from '../ui/components/Icon';
import { noticesFor, useAppStore } from '../state/app/store';
import type { Notice } from '../state/app/store';
import { useConnectionStore } from '../state/connection/store';

const ICON: Record<Notice['tone'], IconName> = {
  ok: 'check',
  info: 'info',
  warn: 'warning',
  err: 'error',
};

/**
 * Transient confirmations and failures, in the status bar: a notice floating over the window
 * would cover whatever is under it (the pre-flight's Submit button and its outcome sit in the
 * bottom-right corner). The newest one is shown on one line; the button beside it lists all
 * of them in full, and they stay while that list is open. Announced politely to screen readers.
 */
export function StatusNotices() {
  const all = useAppStore((s) => s.notices);
  const activeId = useConnectionStore((s) => s.activeId);
  const notices = useMemo(() => noticesFor(all, activeId), [all, activeId]);
  const { dismissNotice, holdNotices } = useAppStore.getState();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const latest = notices.at(-1);
  const expanded = open && latest !== undefined;

  useEffect(() => {
    holdNotices(expanded);
    if (!expanded) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [expanded, holdNotices]);

  return (
    <div
      ref={ref}
      className="status-notices"
      aria-live="polite"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && expanded) {
          e.stopPropagation();
          setOpen(false);
        }
      }}
    >
      {latest ? (
        <div
          key={latest.id}
          className={`status-notice callout-${latest.tone}`}
          role={latest.tone === 'err' ? 'alert' : 'status'}
          data-testid="status-notice"
        >
          <button
            type="button"
            className="status-notice-text"
            aria-expanded={expanded}
            title={expanded ? 'Hide the notices' : latest.text}
            onClick={() => setOpen((v) => !v)}
          >
            <Icon name={ICON[latest.tone]} size={13} />
            <span className="status-notice-words">{latest.text}</span>
            {notices.length > 1 ? (
              <span className="status-notice-count" aria-label={`${notices.length} notices`}>
                {notices.length}
              </span>
            ) : null}
          </button>
          <CloseButton
            label="Dismiss"
            size={12}
            className="status-notice-close"
            onClick={() => dismissNotice(latest.id)}
          />
        </div>
      ) : null}
      {expanded ? (
        <ul className="notices-list" aria-label="Notices">
          {[...notices].reverse().map((n) => (
            <li key={n.id} className={`callout callout-${n.tone}`}>
              <Icon name={ICON[n.tone]} />
              <span>{n.text}</span>
              <CloseButton label="Dismiss" size={13} onClick={() => dismissNotice(n.id)} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
