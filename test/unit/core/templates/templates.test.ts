import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listTemplates, toTemplate } from '../../../../src/core/templates/templates';

const dir = mkdtempSync(path.join(os.tmpdir(), 'qjob-templates-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('payload templates listed from resources/templates', () => {
  it('take title and description from the leading comment and the type from the document', () => {
    const t = toTemplate(
      'B',
      'bell.yaml',
      '# title: Bell pair\n# description: Two qubits,\n# description: entangled.\ntype: sampling\nsampling_payload:\n  sampling: !Sampling {}\n',
    );
    expect(t).toMatchObject({
      id: 'b/bell',
      variant: 'B',
      executeType: 'sampling',
      title: 'Bell pair',
      description: 'Two qubits, entangled.',
    });
  });

  it('fall back to a title from the file name and an unknown type for broken YAML', () => {
    const t = toTemplate('A', '03-ghz_state.yaml', 'type: [unclosed\n');
    expect(t.title).toBe('Ghz state');
    expect(t.executeType).toBe('unknown');
  });

  it('are listed per variant in the order of the variant’s execute types', async () => {
    mkdirSync(path.join(dir, 'b'));
    writeFileSync(path.join(dir, 'b', 'z-rabi.yaml'), 'type: rabi_experiment\n');
    writeFileSync(path.join(dir, 'b', 'a-bell.yaml'), 'type: sampling\n');
    writeFileSync(path.join(dir, 'b', 'notes.txt'), 'not a template');
    const list = await listTemplates(dir, 'B');
    expect(list.map((t) => t.id)).toEqual(['b/a-bell', 'b/z-rabi']);
    expect(await listTemplates(dir, 'A')).toEqual([]);
  });
});

describe('the templates a newcomer reads (issue 25)', () => {
  it('number a parameter only as one of several: no `gamma2` without a `gamma1`', async () => {
    const root = new URL('../../../../resources/templates/', import.meta.url).pathname;
    for (const variant of ['A', 'B'] as const) {
      for (const t of await listTemplates(root, variant)) {
        const names = new Set(
          [...t.text.matchAll(/!Parameter \{name: ([\w-]+)/g)].map((m) => m[1]!),
        );
        for (const name of names) {
          const numbered = /^(.*?)(\d+)$/.exec(name);
          if (!numbered || numbered[2] === '1') continue;
          expect(names, `${t.id}: ${name}`).toContain(`${numbered[1]}${Number(numbered[2]) - 1}`);
        }
      }
    }
  });
});
