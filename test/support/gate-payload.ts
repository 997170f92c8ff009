/**
 * A valid Variant B sampling payload of about `bytes` bytes: a 20-qubit circuit, one gate per
 * line, rotations, CNOTs and Hadamards in turn (a megabyte holds ~27k gates).
 */
export function gatePayload(bytes: number): string {
  const head = [
    'type: sampling',
    'sampling_payload:',
    '  sampling: !Sampling',
    '    nshots: 1000',
    '    circuit: !Circuit',
    '      nqubits: 20',
    '      gates:',
    '',
  ].join('\n');
  const parts = [head];
  let size = head.length;
  for (let i = 0; ; i++) {
    const q = i % 20;
    const line =
      i % 3 === 0
        ? `        - !RX {qubit: ${q}, theta: ${(i * 0.0137).toFixed(4)}}\n`
        : i % 3 === 1
          ? `        - !CNOT {control: ${q}, target: ${(q + 7) % 20}}\n`
          : `        - !H {qubit: ${q}}\n`;
    if (size + line.length > bytes) break;
    parts.push(line);
    size += line.length;
  }
  return parts.join('');
}
