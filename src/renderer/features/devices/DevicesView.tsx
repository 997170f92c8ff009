import { useMemo } from 'react';
import { Icon } from '../../ui/components/Icon';
import { StateMessage } from '../../ui/components/States';
import { useNow } from '../../ui/hooks/useNow';
import { formatAgo, formatClock } from '../../ui/time-format';
import { selectHasFilters, selectSelectedDevice, useDevicesStore } from '../../state/devices/store';
import { selectFilteredDevices } from '../../state/devices/store';
import { selectIsLoggedIn, useConnectionStore } from '../../state/connection/store';
import { useLoginPrompt } from '../../state/connection/login-flow';
import { LoginPrompt } from '../../ui/components/LoginPrompt';
import { DeviceDetail } from './DeviceDetail';
import { DeviceFilters } from './DeviceFilters';
import { DeviceTable } from './DeviceTable';
import './devices.css';

/** The devices of the connection: live statuses, filters, and a detail with each device's jobs. */
export function DevicesView() {
  const state = useDevicesStore();
  const login = useLoginPrompt();
  const { load, select, setFilters } = state;
  const filtered = useMemo(() => selectFilteredDevices(state), [state]);
  const selected = selectSelectedDevice(state);
  const hasFilters = selectHasFilters(state);
  const now = useNow(5000);
  const loggedIn = useConnectionStore(selectIsLoggedIn);
  const loading = loggedIn && (state.status === 'loading' || state.status === 'idle');

  let body;
  if (!loggedIn) {
    body = <LoginPrompt what="its devices" {...login} />;
  } else if (state.status === 'error') {
    body = (
      <StateMessage
        icon="error"
        tone="err"
        title="Devices could not be loaded"
        action={
          <button type="button" className="btn" onClick={() => void load(true)}>
            Try again
          </button>
        }
      >
        <p>{state.error}</p>
      </StateMessage>
    );
  } else if (!loading && state.devices.length === 0) {
    body = (
      <StateMessage icon="devices" title="This connection lists no devices">
        <p>
          The service returned an empty device list. Refresh later, or check the connection’s
          endpoint overrides.
        </p>
      </StateMessage>
    );
  } else if (!loading && filtered.length === 0) {
    body = (
      <StateMessage
        icon="search"
        title="No device matches"
        action={
          <button
            type="button"
            className="btn"
            onClick={() => setFilters({ statuses: [], types: [], query: '' })}
          >
            Clear filters
          </button>
        }
      >
        <p>None of the {state.devices.length} devices fits the search and filters.</p>
      </StateMessage>
    );
  } else {
    body = (
      <DeviceTable
        devices={filtered}
        loading={loading}
        selected={state.selectedCode}
        changed={state.changed}
        onSelect={select}
      />
    );
  }

  return (
    <div className="devices-frame">
      <div className={`devices-view${selected ? ' has-selection' : ''}`}>
        <div className="devices-main">
          <header className="devices-head">
            <h2>Devices</h2>
            <span className="muted" aria-live="polite">
              {loading
                ? 'Loading…'
                : hasFilters
                  ? `${filtered.length} of ${state.devices.length}`
                  : `${state.devices.length} devices`}
            </span>
            <span className="devices-spacer" />
            <span
              className="refreshed muted"
              title={
                state.fetchedAt ? `Last refreshed at ${formatClock(state.fetchedAt)}` : undefined
              }
              data-testid="devices-refreshed"
            >
              Refreshed {formatAgo(state.fetchedAt, now)}
              {state.fetchedAt ? ` (${formatClock(state.fetchedAt)})` : ''}
            </span>
            <button
              type="button"
              className="btn"
              onClick={() => void load(true)}
              disabled={state.refreshing || loading || !loggedIn}
            >
              <Icon name="refresh" className={state.refreshing ? 'spin' : ''} />
              {state.refreshing ? 'Refreshing…' : 'Refresh'}
            </button>
          </header>
          {state.error && state.status === 'ready' ? (
            <p className="callout callout-err devices-banner" role="alert">
              <Icon name="warning" /> Refresh failed: {state.error} Showing the list from{' '}
              {formatClock(state.fetchedAt)}.
            </p>
          ) : null}
          <DeviceFilters />
          <div className="devices-body">{body}</div>
        </div>
        <DeviceDetail device={selected} onClose={() => select(null)} />
      </div>
    </div>
  );
}
