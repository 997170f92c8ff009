import { useState } from 'react';
import type { ProfileView } from '../../../shared/ipc/schemas';
import { Icon } from '../../ui/components/Icon';
import { describeError } from '../../services/errors';
import { useConnectionStore } from '../../state/connection/store';
import type { ConnectionTest } from '../../state/connection/store';

/** "Test connection": tries the profile as typed, without saving, and shows each step it reached. */
export function ConnectionTestResult({ profile }: { profile: ProfileView | null }) {
  const test = useConnectionStore((s) => s.testConnection);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ConnectionTest | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    if (!profile) return;
    setBusy(true);
    setResult(null);
    setError(null);
    try {
      setResult(await test(profile));
    } catch (e) {
      setError(describeError(e, 'test the connection').detail);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="conn-test" aria-label="Connection test">
      <div className="conn-test-head">
        <button
          type="button"
          className="btn"
          disabled={!profile || busy}
          onClick={() => void run()}
        >
          <Icon name="plug" />
          {busy ? 'Testing…' : 'Test connection'}
        </button>
        {!profile ? <span className="field-hint">Fix the fields above to test.</span> : null}
      </div>
      <div aria-live="polite">
        {busy ? <span className="skeleton" style={{ width: '100%', height: '2.4rem' }} /> : null}
        {error ? <p className="callout callout-err">{error}</p> : null}
        {result ? (
          <div className={`callout ${result.ok ? 'callout-ok' : 'callout-err'}`}>
            <Icon name={result.ok ? 'check' : 'error'} />
            <div>
              <strong>{result.summary}</strong>
              <ul className="conn-steps">
                {result.steps.map((s) => (
                  <li key={s.step}>
                    <span aria-label={s.ok ? 'passed' : 'failed'}>{s.ok ? '✓' : '✗'}</span> {s.step}
                    : <span className="muted">{s.detail}</span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}
