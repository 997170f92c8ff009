import { showBidiControls } from '../../../shared/text/bidi';
/**
 * A device description. The simulator (and services like it) append per-qubit calibration as
 * "Qubits: q0: Rabi rate …, T1 …; q1: …": that part becomes a folded list, one row per qubit,
 * so the summary stays readable. Any other description is shown as written.
 */
const QUBIT_ENTRY = /\b(q\d+):\s*([^;]+)/g;

export function splitDescription(text: string): { summary: string; qubits: [string, string[]][] } {
  const at = text.search(/\bQubits:\s*q\d+:/);
  const start = at >= 0 ? at : text.search(/\bq0:/);
  if (start < 0) return { summary: text, qubits: [] };
  const qubits: [string, string[]][] = [];
  for (const m of text.slice(start).matchAll(QUBIT_ENTRY)) {
    const props = (m[2] ?? '')
      .replace(/\.\s*$/, '')
      .split(/,\s*(?![^()]*\))/)
      .map((p) => p.trim());
    qubits.push([m[1] ?? '', props]);
  }
  return { summary: text.slice(0, start).trim(), qubits };
}

export function DeviceDescription({ text }: { text: string }) {
  if (!text.trim()) return <p className="detail-description">No description.</p>;
  const { summary, qubits } = splitDescription(text);
  return (
    <>
      {summary ? <p className="detail-description">{showBidiControls(summary)}</p> : null}
      {qubits.length ? (
        <details className="qubit-params">
          <summary>Qubit parameters ({qubits.length})</summary>
          <ul>
            {qubits.map(([name, props]) => (
              <li key={name}>
                <span className="mono qubit-name">{name}</span>
                <span>{showBidiControls(props.join(' · '))}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}
