import { Icon } from '../ui/components/Icon';
import { useNow } from '../ui/hooks/useNow';
import { formatAgo, formatClock } from '../ui/time-format';
import { useAppStore } from '../state/app/store';
import {
  selectActiveProfile,
  selectIsLoggedIn,
  selectIsOffline,
  selectIsReconnecting,
  useConnectionStore,
} from '../state/connection/store';
import { useDevicesStore } from '../state/devices/store';
import { useEditorStore } from '../state/editor/store';
import { VariantBadge } from '../features/connection/VariantBadge';
import { StatusNotices } from './StatusNotices';

interface Summary {
  tone: 'ok' | 'warn' | 'err' | 'neutral';
  text: string;
  /** The technical reason and the next attempt, on hover. */
  detail?: string;
}

function useConnectionSummary(): Summary {
  const transport = useAppStore((s) => s.transport);
  const transportDetail = useAppStore((s) => s.transportDetail);
  const profile = useConnectionStore(selectActiveProfile);
  const loggedIn = useConnectionStore(selectIsLoggedIn);
  const reconnecting = useConnectionStore(selectIsReconnecting);
  const offline = useConnectionStore(selectIsOffline);
  const link = useConnectionStore((s) => s.link);
  if (transport === 'closed' || transport === 'refused')
    return {
      tone: 'err',
      text: 'App background process unreachable — reconnecting',
      ...(transportDetail ? { detail: transportDetail } : {}),
    };
  if (transport === 'connecting') return { tone: 'neutral', text: 'Connecting…' };
  if (!profile) return { tone: 'neutral', text: 'No connection' };
  if (offline)
    return {
      tone: 'err',
      text: `${profile.name}: offline, the service cannot be reached`,
      detail: [
        link?.message,
        link?.retryAt ? `Trying again at ${formatClock(link.retryAt)}.` : null,
      ]
        .filter(Boolean)
        .join(' '),
    };
  if (reconnecting) return { tone: 'warn', text: `${profile.name}: reconnecting…` };
  if (!loggedIn) return { tone: 'neutral', text: `${profile.name}: not logged in` };
  return { tone: 'ok', text: `${profile.name}: connected` };
}

/** Connection, variant, last device refresh, notices and draft autosave, always in view. */
export function StatusBar() {
  const summary = useConnectionSummary();
  const profile = useConnectionStore(selectActiveProfile);
  const fetchedAt = useDevicesStore((s) => s.fetchedAt);
  const draftsError = useEditorStore((s) => s.draftsError);
  const draftsSavedAt = useEditorStore((s) => s.draftsSavedAt);
  const now = useNow(5000);
  return (
    <footer className="statusbar" aria-label="Status">
      <span
        className={`status-item status-connection tone-${summary.tone}`}
        role="status"
        data-testid="status-connection"
        data-state={summary.tone}
        title={summary.detail || undefined}
      >
        <Icon
          name={summary.tone === 'ok' ? 'check' : summary.tone === 'neutral' ? 'info' : 'warning'}
          size={13}
        />
        {summary.text}
      </span>
      {profile ? (
        <span className="status-item status-variant">
          <VariantBadge variant={profile.variant} />
        </span>
      ) : null}
      <span
        className="status-item status-secondary"
        title={fetchedAt ? `Devices refreshed at ${formatClock(fetchedAt)}` : undefined}
      >
        Devices refreshed {formatAgo(fetchedAt, now)}
      </span>
      <span className="status-spacer" />
      <StatusNotices />
      {draftsError ? (
        <span className="status-item tone-err" title={draftsError}>
          <Icon name="warning" size={13} /> Drafts not saved
        </span>
      ) : draftsSavedAt ? (
        <span
          className="status-item status-secondary"
          title={`Drafts autosaved at ${formatClock(draftsSavedAt)}`}
        >
          Drafts saved
        </span>
      ) : null}
    </footer>
  );
}
