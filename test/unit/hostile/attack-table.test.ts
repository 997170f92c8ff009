import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import {
  ATTACK_TABLE_DOC,
  CORPUS_TESTS,
  faultRows,
  renderAttackTable,
} from '../../support/attack-table';
import { REPO_ROOT } from '../../support/cli-runner';

/**
 * docs/attacks-and-faults.md is the corpus and the fault list, rendered: it fails when the page
 * differs (QJOB_UPDATE_DOCS=1 rewrites it), and when a row names a test that is not there.
 */
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

describe('the table of attacks and faults', () => {
  it(`${ATTACK_TABLE_DOC} is what the corpus and the fault list say`, async () => {
    const file = path.join(REPO_ROOT, ATTACK_TABLE_DOC);
    const options = (await resolveConfig(file)) ?? {};
    const page = await format(renderAttackTable(), { ...options, parser: 'markdown' });
    if (process.env.QJOB_UPDATE_DOCS === '1') writeFileSync(file, page);
    expect(existsSync(file), `run with QJOB_UPDATE_DOCS=1 to write ${ATTACK_TABLE_DOC}`).toBe(true);
    expect(read(ATTACK_TABLE_DOC), 'rewrite it: QJOB_UPDATE_DOCS=1 (see the page)').toBe(page);
  });

  it('each corpus is run by the tests the page names', () => {
    const readers: Record<keyof typeof CORPUS_TESTS, string> = {
      editor: 'documentCases()',
      validate: 'documentCases()',
      simulator: 'documentCases()',
      client: "readIndex<WireCase>('wire')",
      socket: 'socketCases()',
      aftermath: 'socketCases()',
      filesQjob: 'fileCases()',
      filesApp: 'fileCases()',
    };
    for (const [consumer, file] of Object.entries(CORPUS_TESTS))
      expect(read(file), file).toContain(readers[consumer as keyof typeof CORPUS_TESTS]);
  });

  it('each fault names a test file that holds the case', () => {
    for (const f of faultRows()) {
      expect(existsSync(path.join(REPO_ROOT, f.test)), f.test).toBe(true);
      expect(read(f.test), `${f.test} should hold "${f.contains}"`).toContain(f.contains);
    }
  });
});
