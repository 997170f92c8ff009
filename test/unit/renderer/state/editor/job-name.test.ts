import { beforeEach, describe, expect, it, vi } from 'vitest';

// The editor store's only I/O: the core (drafts, templates) and the analysis worker.
vi.mock('../../../../../src/renderer/services/qjob', () => ({
  call: async () => [],
  on: () => () => undefined,
  shell: () => 'web',
}));
vi.mock('../../../../../src/renderer/state/editor/analysis/client', () => ({
  analyze: async (variant: string) => ({
    variant,
    facts: { executeType: null, work: null, qubits: null, qubitsSource: null },
    problems: [],
  }),
}));

const { useEditorStore, jobNameOf } =
  await import('../../../../../src/renderer/state/editor/store');

const BELL = '# title: Bell pair (sampling)\n# description: Two qubits.\ntype: sampling\n';

beforeEach(() => useEditorStore.setState({ tabs: [], activeId: null, analysis: {} }));

describe('the job name of an editor tab', () => {
  it('defaults to the payload’s title comment, else to the tab’s name without .yaml', () => {
    expect(jobNameOf({ title: 'bell.yaml', text: BELL, jobName: '' })).toEqual({
      name: 'Bell pair (sampling)',
      from: 'title-comment',
    });
    expect(jobNameOf({ title: 'Untitled-2.yaml', text: 'type: sampling\n', jobName: '' })).toEqual({
      name: 'Untitled-2',
      from: 'tab',
    });
    expect(jobNameOf({ title: 'bell.yaml', text: BELL, jobName: '  mine ' })).toEqual({
      name: 'mine',
      from: 'typed',
    });
  });

  it('belongs to its tab: a name typed in one tab is not the next tab’s', () => {
    const { openTab, setJobName } = useEditorStore.getState();
    const first = openTab({ title: 'Bell pair (sampling).yaml', text: BELL, clean: true });
    setJobName(first, 'calibration run 1');
    const second = openTab({ title: 'Bell pair (sampling).yaml', text: BELL, clean: true });
    const third = openTab({ title: 'Untitled-1.yaml', text: '', clean: true });

    const tab = (id: string) => useEditorStore.getState().tabs.find((t) => t.id === id)!;
    expect(jobNameOf(tab(first)).name).toBe('calibration run 1');
    expect(jobNameOf(tab(second))).toEqual({ name: 'Bell pair (sampling)', from: 'title-comment' });
    expect(jobNameOf(tab(third))).toEqual({ name: 'Untitled-1', from: 'tab' });

    // Clearing the field goes back to the default, it does not keep the last name.
    setJobName(first, '');
    expect(jobNameOf(tab(first)).from).toBe('title-comment');
  });

  it('follows the title comment as it is edited', () => {
    const { openTab, updateText } = useEditorStore.getState();
    const id = openTab({ title: 'bell.yaml', text: BELL, clean: true });
    updateText(id, BELL.replace('Bell pair (sampling)', 'Bell pair, 2000 shots'));
    const tab = useEditorStore.getState().tabs.find((t) => t.id === id)!;
    expect(jobNameOf(tab).name).toBe('Bell pair, 2000 shots');
  });
});
