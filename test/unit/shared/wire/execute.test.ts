import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExecutePayload, VariantId } from '../../../../src/shared/variants';
import { VARIANTS } from '../../../../src/shared/variants';
import {
  buildExecuteEnvelope,
  decodeBareExecutePayload,
  decodeExecuteEnvelope,
  executeEnvelopeSchema,
  WireDecodeError,
} from '../../../../src/shared/wire';

const SAMPLING = '!Sampling\nnshots: 10\ncircuit: !Circuit {nqubits: 1, gates: [!H {qubit: 0}]}\n';

function payloadFor(variant: VariantId, executeType: string): ExecutePayload {
  const kind = VARIANTS[variant].executeKinds.find((k) => k.executeType === executeType);
  if (!kind) throw new Error(executeType);
  const inner: Record<string, string> = { [kind.functionalField]: SAMPLING };
  if (kind.readout) inner.readout = '- !SamplingReadout {nshots: 10}\n';
  return { type: executeType, [kind.payloadField]: inner } as ExecutePayload;
}

describe('execute envelope (docs/wire-format.md, "Execute")', () => {
  it.each([
    ['B', 'sampling', 'digital'],
    ['B', 'time_evolution', 'analog'],
    ['B', 'variational_program', 'variational'],
    ['B', 'rabi_experiment', 'pulse'],
    ['B', 't1_experiment', 'pulse'],
    ['A', 'digital_propagation', 'digital'],
    ['A', 'analog_evolution', 'analog'],
    ['A', 'quantum_reservoir', 'quantum_reservoir'],
    ['A', 'variational_program', 'variational'],
    ['A', 'experiment', 'pulse'],
  ] as const)(
    'Variant %s %s goes out with job_type %s and decodes back',
    (variant, type, jobType) => {
      const payload = payloadFor(variant, type);
      const envelope = buildExecuteEnvelope({ variant, payload, deviceCode: 'sim' });
      // As the SDK's client writes it: type, then every payload field in declared order, null
      // where unused (test/fixtures/sdk's requests).
      const fields = VARIANTS[variant].executeKinds.map((k) => k.payloadField);
      const json = JSON.parse(envelope.payload) as Record<string, unknown>;
      expect(Object.keys(json)).toEqual(['type', ...fields]);
      expect(json).toEqual({
        ...Object.fromEntries(fields.map((f) => [f, null])),
        ...JSON.parse(JSON.stringify(payload)),
      });
      expect(envelope).toEqual({
        device_code: 'sim',
        payload: envelope.payload,
        job_type: jobType,
        meta: {},
      });
      const decoded = decodeExecuteEnvelope(variant, JSON.parse(JSON.stringify(envelope)));
      expect(decoded).toEqual({
        ok: true,
        envelope,
        payload: expect.objectContaining(payload),
        notes: [],
      });
    },
  );

  it('carries name and meta when given; meta defaults to {}', () => {
    const payload = payloadFor('B', 'sampling');
    const envelope = buildExecuteEnvelope({
      variant: 'B',
      payload,
      deviceCode: 'sim',
      name: 'bell',
      meta: { tag: 'x' },
    });
    expect(envelope).toMatchObject({ name: 'bell', meta: { tag: 'x' } });
    const { meta: _dropped, ...noMeta } = envelope;
    const decoded = decodeExecuteEnvelope('B', noMeta);
    expect(decoded.ok && decoded.envelope.meta).toEqual({});
  });

  it('refuses to build an envelope around an invalid payload', () => {
    const bad = {
      type: 'sampling',
      time_evolution_payload: { time_evolution: SAMPLING },
    } as ExecutePayload;
    expect(() => buildExecuteEnvelope({ variant: 'B', payload: bad, deviceCode: 'sim' })).toThrow(
      WireDecodeError,
    );
  });

  it.each([
    ['no device_code', { device_code: undefined }, ['device_code']],
    ['an unknown key', { priority: 1 }, ['priority']],
    ['a job_type of the other variant', { job_type: 'quantum_reservoir' }, ['job_type']],
    ['a payload that is not JSON', { payload: '{"type":' }, ['payload']],
    ['a payload object instead of a string', { payload: { type: 'sampling' } }, ['payload']],
    ['name not a string', { name: 5 }, ['name']],
  ])('Variant B: %s is answered with the offending path', (_label, change, paths) => {
    const good = buildExecuteEnvelope({
      variant: 'B',
      payload: payloadFor('B', 'sampling'),
      deviceCode: 'sim',
    });
    const decoded = decodeExecuteEnvelope('B', { ...good, ...change });
    expect(decoded.ok).toBe(false);
    expect(decoded.ok ? [] : decoded.issues.map((i) => i.path)).toEqual(paths);
  });

  it.each([
    ['nothing populated', { type: 'sampling' }, ['payload.sampling_payload']],
    [
      'the wrong field',
      { type: 'sampling', time_evolution_payload: { time_evolution: SAMPLING } },
      ['payload.time_evolution_payload', 'payload.sampling_payload'],
    ],
    [
      'an unknown type',
      { type: 'teleport', sampling_payload: { sampling: SAMPLING } },
      ['payload.type'],
    ],
    [
      'a nested object instead of YAML text',
      { type: 'sampling', sampling_payload: { sampling: { nshots: 1 } } },
      ['payload.sampling_payload.sampling'],
    ],
    [
      'an unknown inner key',
      { type: 'sampling', sampling_payload: { sampling: SAMPLING, shots: 3 } },
      ['payload.sampling_payload.shots'],
    ],
  ])('Variant B payload with %s names the payload paths', (_label, payload, paths) => {
    const body = { device_code: 'sim', payload: JSON.stringify(payload), job_type: 'digital' };
    const decoded = decodeExecuteEnvelope('B', body);
    expect(decoded.ok ? [] : decoded.issues.map((i) => i.path)).toEqual(paths);
  });

  it('Variant A: a missing readout is named down to the field', () => {
    const body = {
      device_code: 'sim',
      payload: JSON.stringify({
        type: 'digital_propagation',
        digital_propagation_payload: { digital_propagation: SAMPLING },
      }),
      job_type: 'digital',
    };
    const decoded = decodeExecuteEnvelope('A', body);
    expect(decoded.ok ? [] : decoded.issues).toEqual([
      {
        path: 'payload.digital_propagation_payload.readout',
        message: expect.stringMatching(/required/) as unknown,
      },
    ]);
  });

  it("Variant A: qilisdk 0.2.1's reservoir sent as type analog_evolution is read as the quantum_reservoir it holds, with a note", () => {
    const body = JSON.parse(
      readFileSync(
        join(import.meta.dirname, '../../../fixtures/sdk/A-0.2.1.post1/requests/a_reservoir.json'),
        'utf8',
      ),
    ) as Record<string, unknown>;
    expect((JSON.parse(String(body.payload)) as { type: string }).type).toBe('analog_evolution');
    const decoded = decodeExecuteEnvelope('A', body);
    expect(decoded.ok && decoded.payload.type).toBe('quantum_reservoir');
    expect(decoded.ok && decoded.notes).toEqual([
      expect.stringContaining("type 'analog_evolution' but holds a quantum_reservoir_payload"),
    ]);
    // Only that shape: an analog evolution with both payloads is still refused.
    const both = JSON.parse(String(body.payload)) as Record<string, unknown>;
    both.analog_evolution_payload = both.quantum_reservoir_payload;
    const refused = decodeExecuteEnvelope('A', { ...body, payload: JSON.stringify(both) });
    expect(refused.ok).toBe(false);
  });

  it('rejects a body that is not an object', () => {
    expect(decodeExecuteEnvelope('A', [1])).toEqual({
      ok: false,
      issues: [{ path: '', message: 'expected a JSON object, got an array' }],
    });
  });

  it('the envelope schema is strict', () => {
    expect(
      executeEnvelopeSchema('A').safeParse({
        device_code: 'd',
        payload: '{}',
        job_type: 'pulse',
        x: 1,
      }).success,
    ).toBe(false);
  });

  it('decodes a bare ExecutePayload body, paths without a prefix', () => {
    expect(decodeBareExecutePayload('B', payloadFor('B', 't1_experiment'))).toEqual({
      ok: true,
      payload: payloadFor('B', 't1_experiment'),
      notes: [],
    });
    const bad = decodeBareExecutePayload('A', {
      type: 'experiment',
      experiment_payload: { experiment: SAMPLING, readout: 'x' },
    });
    expect(bad.ok ? [] : bad.issues.map((i) => i.path)).toEqual(['experiment_payload.readout']);
  });
});
