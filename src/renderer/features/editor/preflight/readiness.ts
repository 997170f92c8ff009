import type { Device } from '../../../../shared/variants';
import { VARIANTS } from '../../../../shared/variants';
import type { TabAnalysis } from '../../../state/editor/store';
import { statusPhrase } from '../../../ui/components/DeviceStatusBadge';

export interface Readiness {
  /** Why Submit is disabled, in words; null when it is enabled. */
  blocker: string | null;
  /** Worth knowing before submitting, but the user decides. */
  warnings: string[];
}

export interface ReadinessInput {
  hasTab: boolean;
  loggedIn: boolean;
  analysis: TabAnalysis | null;
  device: Device | null;
  fittingCount: number;
  submitting: boolean;
}

export function readiness(input: ReadinessInput): Readiness {
  const { analysis, device } = input;
  const warnings: string[] = [];
  if (analysis && device) {
    const need = analysis.facts.qubits;
    if (need !== null && need > device.nqubits) {
      warnings.push(
        `The payload needs ${need} qubits (${analysis.facts.qubitsSource}); ${device.name} has ${device.nqubits}. The job will fail.`,
      );
    }
  }
  if (device && device.status !== 'online') {
    // Said before Submit, not after: the job is accepted but will not run for a while.
    warnings.push(
      `${device.name} is ${statusPhrase(device.status)}: the job will wait in its queue until ${device.name} is back online.`,
    );
  }
  const warned = analysis?.problems.filter((p) => p.severity === 'warning') ?? [];
  const codeTags = warned.filter((p) => p.code === 'code_bearing_tag');
  if (codeTags.length) {
    const where = codeTags
      .slice(0, 3)
      .map((p) => `line ${p.line}`)
      .join(', ');
    warnings.push(
      `The payload carries code that the service would run (${where}${codeTags.length > 3 ? ', …' : ''}). Submit it only if you trust it.`,
    );
  }
  const other = warned.filter((p) => p.code !== 'code_bearing_tag');
  const first = other[0];
  if (first) {
    // Said with the first one, so the sentence is never about a warning the person cannot see.
    const count = other.length === 1 ? '1 warning' : `${other.length} warnings`;
    const where = other.length === 1 ? 'on line' : 'the first on line';
    warnings.push(
      `${count} in the payload, ${where} ${first.line}: ${first.message} (see Problems under the editor).`,
    );
  }

  const errors = analysis?.problems.filter((p) => p.severity === 'error') ?? [];
  let blocker: string | null = null;
  if (!input.hasTab) blocker = 'Open a payload to submit.';
  else if (!input.loggedIn) blocker = 'Log in to this connection to submit.';
  else if (!analysis) blocker = 'Checking the payload…';
  else if (analysis.text.trim() === '')
    blocker = 'The payload is empty: start from a template (top right), or write one.';
  else if (analysis.belongsTo) {
    const theirs = VARIANTS[analysis.belongsTo].label;
    blocker = `This is a ${theirs} payload and the connection speaks ${VARIANTS[analysis.variant].label}: convert it (above the editor) or use a ${theirs} connection.`;
  } else if (errors.length) {
    const first = errors[0];
    blocker = `Fix ${errors.length === 1 ? 'the error' : `${errors.length} errors`} in the payload first${
      first ? ` (line ${first.line}: ${first.message})` : ''
    }.`;
  } else if (input.fittingCount === 0)
    blocker = 'No device of this connection can run this payload.';
  else if (!device) blocker = 'Pick a device.';
  else if (input.submitting) blocker = 'Submitting…';
  return { blocker, warnings };
}
