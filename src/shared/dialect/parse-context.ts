import type { VariantId, WorkKind } from '../variants/declaration';
import { DEFAULT_DIALECT_LIMITS } from './job-input';
import type { DialectDevice, DialectLimits } from './job-input';
import type { NodeRef } from './node-reader';
import { ParamTable } from './numbers';
import type { ReadCircuit } from './circuit-model';

/** What kind of hardware a piece of work needs (the variant declaration's work kinds). */
export type Capability = WorkKind;

const RUNS: Record<DialectDevice['type'], readonly Capability[]> = {
  simulator: ['circuit', 'schedule', 'experiment'],
  'qpu.digital': ['circuit', 'experiment'],
  'qpu.analog': ['schedule', 'experiment'],
};

const NEEDS: Record<Capability, string> = {
  circuit: 'a qpu.digital device or the simulator',
  schedule: 'a qpu.analog device or the simulator',
  experiment: 'a qpu device or the simulator',
};

/**
 * Everything a parser needs besides the text: the variant, the device it must fit (null: no
 * device chosen, as in the editor) and the limits. Checks happen where the offending node is at
 * hand, so errors keep their line. A limit is the simulator's setting, not the dialect's: past
 * one is an error for the simulator's validating step, a warning for the editor.
 */
export class ParseContext {
  readonly params = new ParamTable();
  readonly limits: Required<DialectLimits>;
  /**
   * Every circuit read, in reading order, also one left unread by a gate that could not be read
   * (what the editor's circuit diagram draws, with those gates marked).
   */
  readonly circuits: ReadCircuit[] = [];

  constructor(
    readonly variant: VariantId,
    readonly device: DialectDevice | null,
    limits: Partial<DialectLimits>,
    /**
     * Only the SDK's form is read (the simulator's switch, as the real service): a node in
     * the friendly dialect is refused with what to do instead.
     */
    readonly sdkOnly = false,
  ) {
    this.limits = { ...DEFAULT_DIALECT_LIMITS, ...stripUndefined(limits) };
  }

  /** In SDK-only reading, a node in the friendly dialect ends the reading (see `sdkOnly`). */
  refuseFriendly(ref: NodeRef, what: string): void {
    if (!this.sdkOnly) return;
    ref.fail({
      subject: what,
      code: 'dialect.friendly_form',
      problem: "this is the app's friendly dialect; the service reads the SDK's form",
      hint: 'convert it (`qjob convert --to sdk`) or submit it through the app or `qjob submit`, which compile it',
    });
  }

  requireCapability(ref: NodeRef, capability: Capability, what: string): void {
    if (!this.device || RUNS[this.device.type].includes(capability)) return;
    const runs = RUNS[this.device.type].map((c) => `${c}s`).join(' and ');
    ref.fail({
      subject: what,
      problem: `device ${this.device.code} (${this.device.type}) cannot run it: it runs ${runs}`,
      expected: `${what} runs on ${NEEDS[capability]}`,
      hint: 'pick a device of the right type, or the simulator',
    });
  }

  /** Width checks shared by circuits, schedules and states: the device, then the engine limit. */
  requireWidth(
    ref: NodeRef,
    nqubits: number,
    what: string,
    limit: number,
    limitName: string,
  ): void {
    if (this.device && nqubits > this.device.nqubits) {
      ref.fail({
        subject: what,
        problem: `${nqubits} qubits do not fit device ${this.device.code}, which has ${this.device.nqubits}`,
        hint: 'use fewer qubits or a larger device',
      });
    }
    if (nqubits > limit) {
      ref.stop({
        subject: what,
        code: 'dialect.limit',
        problem: `${nqubits} qubits exceed the simulator limit ${limitName} = ${limit}`,
        hint: `raise ${limitName} in the simulator settings or use fewer qubits`,
      });
    }
  }

  requireShots(ref: NodeRef, nshots: number, what: string): void {
    if (nshots > this.limits.maxShots) {
      ref.stop({
        subject: what,
        code: 'dialect.limit',
        problem: `${nshots} exceeds the simulator limit maxShots = ${this.limits.maxShots}`,
        hint: 'raise maxShots in the simulator settings or ask for fewer',
      });
    }
  }
}

function stripUndefined(limits: Partial<DialectLimits>): Partial<DialectLimits> {
  return Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined));
}

/** A simulator limit passed: the simulator refuses the job; a real service may allow more. */
export function limitProblem(
  ref: NodeRef,
  init: { subject: string; problem: string; hint?: string },
): never {
  return ref.stop({ ...init, code: 'dialect.limit' });
}
