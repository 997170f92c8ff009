import { SchedulePanel } from './SchedulePanel';
import { SweepPanel } from './SweepPanel';

/** What the shell puts under the editor: each panel shows itself only for its kind of payload. */
export function PayloadViews() {
  return (
    <>
      <SchedulePanel />
      <SweepPanel />
    </>
  );
}
