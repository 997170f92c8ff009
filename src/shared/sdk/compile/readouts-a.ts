import type { SdkMap } from '../node';
import {
  expectationReadoutA,
  readoutA,
  samplingReadoutA,
  stateTomographyReadoutA,
} from '../a/readout';
import { PauliCache } from '../common/operators';
import type { Readout } from '../../dialect/readouts';
import { CompileProblem } from './gate-factory';
import { observableNode } from './observables';

const SLOT = {
  sampling: 'sampling',
  expectation: 'expectation',
  tomography: 'stateTomography',
} as const;

/**
 * Variant A's readouts as the one `Readout` the SDK sends: a slot per kind (`with_sampling`,
 * `with_expectation`, `with_state_tomography`), so two of a kind cannot be sent.
 */
export function compileReadoutsA(readouts: readonly Readout[]): SdkMap {
  const slots: { sampling?: SdkMap; expectation?: SdkMap; stateTomography?: SdkMap } = {};
  const paulis = new PauliCache();
  for (const r of readouts) {
    const slot = SLOT[r.kind];
    if (slots[slot])
      throw new CompileProblem(
        `the SDK's Readout holds one readout of each kind; this is a second ${r.kind} readout`,
        r.ref,
      );
    slots[slot] =
      r.kind === 'sampling'
        ? samplingReadoutA(r.nshots, r.expandSamples)
        : r.kind === 'expectation'
          ? expectationReadoutA(
              r.observables.map((o) => observableNode('A', o, paulis, false)),
              r.nshots,
            )
          : stateTomographyReadoutA();
  }
  return readoutA(slots);
}
