import type { NodeRef } from '../node-reader';
import type { ParamTable } from '../numbers';
import type { ParseContext } from '../parse-context';
import type { Schedule } from '../schedule';

/** qilisdk 0.2.x `!Schedule` (`_coefficients` of `!Interpolator`s). */
export function readSdkScheduleA(
  ref: NodeRef,
  _ctx: ParseContext,
  _params: ParamTable | null,
): Schedule {
  return ref.fail({
    subject: '!Schedule',
    problem: 'reading qilisdk 0.2.x schedules (`_coefficients` of !Interpolator) is not done yet',
  });
}
