/** Payloads several specs submit (Variant B, in the simulator's payload dialect). */

/** A Bell pair sampled 1000 times: on the exact simulator only 00 and 11, about half each. */
export const BELL = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 1000
    circuit: !Circuit
      nqubits: 2
      gates:
        - !H {qubit: 0}
        - !CNOT {control: 0, target: 1}
        - !M {qubits: [0, 1]}
`;

/** The same with a CNOT whose control equals its target: it fails the simulator's validation. */
export const BROKEN_BELL = BELL.replace(
  '!CNOT {control: 0, target: 1}',
  '!CNOT {control: 0, target: 0}',
);
