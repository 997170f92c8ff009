import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeKind } from '../../../src/shared/variants';
import type { VariantId } from '../../../src/shared/variants';
import { buildExecuteEnvelope } from '../../../src/shared/wire';
import { documentToExecutePayload, rootTag } from '../../../src/shared/yaml';
import { call, fullDetail, login, pollUntil, startTestSimulator } from '../simulator/helpers';

// Every template the app offers must run to `completed` on the simulator (issues 3 and 5):
// a template that does not run is a broken first impression.
const TEMPLATE_ROOT = join(import.meta.dirname, '../../../resources/templates');

for (const variant of ['A', 'B'] as const satisfies readonly VariantId[]) {
  const folder = join(TEMPLATE_ROOT, variant.toLowerCase());
  const files = readdirSync(folder).filter((f) => f.endsWith('.yaml'));

  describe(`Variant ${variant} templates`, () => {
    let env: Awaited<ReturnType<typeof startTestSimulator>>;
    let token: string;

    beforeAll(async () => {
      env = await startTestSimulator({ variant });
      token = (await login(env.sim)).accessToken;
    });
    afterAll(async () => env?.cleanup());

    it('covers every execute type of the variant', () => {
      const types = new Set(
        files.map((f) => /^type:\s*(\S+)/m.exec(readFileSync(join(folder, f), 'utf8'))?.[1]),
      );
      for (const type of types) expect(executeKind(variant, String(type))).toBeDefined();
      expect(types.size).toBe(5);
    });

    for (const file of files) {
      it(`${file} validates and runs to completed on the exact simulator`, async () => {
        const text = readFileSync(join(folder, file), 'utf8');
        const { payload, problems } = documentToExecutePayload(variant, text);
        expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
        expect(payload).not.toBeNull();
        const body = buildExecuteEnvelope({
          variant,
          payload: payload!,
          deviceCode: 'sim.statevector',
          name: file,
        });
        const reply = await call(env.sim, 'POST', '/execute', { token, body });
        expect(reply.status).toBe(200);
        const id = Number(reply.body.id);
        const final = await pollUntil(env.sim, token, id, undefined, 120_000);
        const detail = await fullDetail(env.sim, token, id);
        expect(final.status, detail.error_logs ?? '').toBe('completed');
        const field = executeKind(variant, payload!.type)!.resultField;
        const resultYaml = (detail.result as Record<string, unknown> | null)?.[field];
        expect(typeof resultYaml).toBe('string');
        expect(rootTag(resultYaml as string)).toMatch(/^!\w+Result$/);
      }, 150_000);
    }
  });
}
