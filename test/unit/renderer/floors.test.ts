import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { floorViolations, readSources } from './floors';

/**
 * The renderer's floors (src/renderer/README.md): ui < services < state < features < shell, no
 * feature importing another, nothing outside the renderer but src/shared. The checker is first
 * shown each kind of wrong import, so a green run on the real tree means something.
 */
const RENDERER = fileURLToPath(new URL('../../../src/renderer', import.meta.url));

const one = (path: string, text: string) => floorViolations(new Map([[path, text]]));

describe('the renderer floors checker', () => {
  it('refuses an import from a lower floor to a higher one', () => {
    expect(
      one('ui/charts/Chart.tsx', "import { useAppStore } from '../../state/app/store';"),
    ).toEqual([expect.stringContaining('a floor may import only the floors below it')]);
    expect(
      one('state/jobs/actions.ts', "import type { X } from '../../features/job-monitor/x';"),
    ).toHaveLength(1);
    expect(
      one('features/editor/Editor.tsx', "import { App } from '../../shell/App';"),
    ).toHaveLength(1);
    expect(one('services/qjob.ts', "export { notify } from '../state/app/store';")).toHaveLength(1);
  });

  it('refuses a dynamic import and a worker import that run up', () => {
    expect(one('services/x.ts', "const m = await import('../features/job-monitor');")).toHaveLength(
      1,
    );
    expect(
      one('ui/x.ts', "import W from '../state/editor/analysis/analysis.worker?worker';"),
    ).toHaveLength(1);
  });

  it('refuses a feature importing another feature, and allows its own sub-folders', () => {
    expect(
      one('features/devices/DevicesView.tsx', "import { P } from '../connection/LoginPrompt';"),
    ).toEqual([expect.stringContaining('features do not import each other')]);
    expect(
      one('features/job-monitor/detail/ResultTab.tsx', "import('../../result-viewers');"),
    ).toHaveLength(1);
    expect(
      one('features/job-monitor/JobsView.tsx', "import { B } from './bundles/BundleView';"),
    ).toEqual([]);
  });

  it('refuses what leaves the renderer other than src/shared, and files on no floor', () => {
    expect(one('state/x.ts', "import { y } from '../../core/jobs/poller';")).toHaveLength(1);
    expect(one('state/x.ts', "import { VARIANTS } from '../../shared/variants';")).toEqual([]);
    expect(one('helpers/x.ts', "import { y } from '../ui/y';")).toEqual([
      expect.stringContaining('is on no floor'),
    ]);
  });

  it('allows the same floor, the floors below, the entry above all, and packages', () => {
    expect(one('shell/App.tsx', "import { JobsView } from '../features/job-monitor';")).toEqual([]);
    expect(
      one('features/editor/E.tsx', "import { Icon } from '../../ui/components/Icon';"),
    ).toEqual([]);
    expect(
      one('main.tsx', "import { App } from './shell/App';\nimport './styles/base.css';"),
    ).toEqual([]);
    expect(one('ui/monaco/api.ts', "import 'monaco-editor/esm/vs/editor/edcore.main.js';")).toEqual(
      [],
    );
  });
});

describe('src/renderer', () => {
  it('has no import running up a floor or sideways between features', () => {
    const sources = readSources(RENDERER);
    expect(sources.size).toBeGreaterThan(150);
    expect(floorViolations(sources)).toEqual([]);
  });
});
