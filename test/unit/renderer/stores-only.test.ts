import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { qjobViolations, readSources } from './floors';

/**
 * Components call stores only (src/renderer/README.md, "How the floors meet"): no file under
 * ui, features or shell imports the qjob client, services/qjob.ts; the stores in state/ do the
 * I/O. The checker is first shown each way of naming the module, so a green run means something.
 */
const RENDERER = fileURLToPath(new URL('../../../src/renderer', import.meta.url));

const one = (path: string, text: string) => qjobViolations(new Map([[path, text]]));

describe('the stores-only checker', () => {
  it('refuses the qjob client from features, shell and ui, however it is named', () => {
    expect(
      one('features/devices/DeviceTimeline.tsx', "import { call } from '../../services/qjob';"),
    ).toEqual([expect.stringContaining('only the stores (state/) call services/qjob')]);
    expect(one('shell/bootstrap.ts', "import { on } from '../services/qjob.ts';")).toHaveLength(1);
    expect(one('ui/x.ts', "import type { Shell } from '../services/qjob';")).toHaveLength(1);
    expect(one('shell/x.ts', "export { call } from '../services/qjob';")).toHaveLength(1);
    expect(
      one('features/job-monitor/batches/x.ts', "const q = await import('../../../services/qjob');"),
    ).toHaveLength(1);
  });

  it('allows the qjob client in stores and services, and other services anywhere', () => {
    expect(one('state/batches/store.ts', "import { call } from '../../services/qjob';")).toEqual(
      [],
    );
    expect(one('services/commands.ts', "import { on } from './qjob';")).toEqual([]);
    expect(
      one('features/editor/x.ts', "import { describeError } from '../../services/errors';"),
    ).toEqual([]);
    expect(
      one('features/editor/x.ts', "import { qjob } from '../../services/qjob-names';"),
    ).toEqual([]);
  });
});

describe('src/renderer', () => {
  it('has no component, view or shell file that calls the qjob client itself', () => {
    const sources = readSources(RENDERER);
    expect(sources.size).toBeGreaterThan(150);
    expect(qjobViolations(sources)).toEqual([]);
  });
});
