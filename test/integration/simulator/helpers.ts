import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator } from '../../../src/simulator';
import type { SimulatorHandle, SimulatorOptions } from '../../../src/simulator';
import type { JobDetail, VariantId } from '../../../src/shared/variants';
import { decodeJobDetail } from '../../../src/shared/wire';
import type { SdkNode } from '../../../src/shared/sdk/node';
import { readSdkYaml } from '../../../src/shared/sdk/yaml';

export interface Reply {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** A simulator on a fresh data folder, fast enough for tests; `cleanup` stops it and removes the folder. */
export async function startTestSimulator(options: SimulatorOptions = {}) {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'qjs-sim-')));
  const problems: string[] = [];
  const sim = await startSimulator({
    // The engine's tests post the friendly form; the corpus tests ask for sdkOnly.
    sdkOnly: false,
    speed: 200,
    validationDelaySeconds: 0.2,
    // Compute time is not scaled by speed: keep the scaled limit far from real run times.
    runTimeLimitSeconds: 200 * 120,
    onProblem: (m) => problems.push(m),
    ...options,
    dataDir,
  });
  return {
    sim,
    dataDir,
    problems,
    cleanup: async () => {
      await sim.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function assertion(fields: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

export function loginBody(username = 'demo', apiKey = 'demo') {
  return {
    grantType: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
    assertion: assertion({
      username,
      api_key: apiKey,
      audience: 'qjob-tests',
      iat: Math.floor(Date.now() / 1000),
    }),
    scope: 'user profile',
  };
}

export async function call(
  sim: SimulatorHandle,
  method: string,
  path: string,
  options: {
    token?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, options.headers);
  const res = await fetch(`${sim.url}${path}`, { method, headers, body });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: res.headers,
  };
}

export async function login(
  sim: SimulatorHandle,
): Promise<{ accessToken: string; refreshToken: string }> {
  const reply = await call(sim, 'POST', '/authorisation-tokens', { body: loginBody() });
  if (reply.status !== 200)
    throw new Error(`login failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body as { accessToken: string; refreshToken: string };
}

export const TERMINAL = ['completed', 'error', 'cancelled', 'timeout'];

/** Poll the cheap lookup (as a Variant A client must) until the job is in one of `statuses`. */
export async function pollUntil(
  sim: SimulatorHandle,
  token: string,
  id: number,
  statuses: string[] = TERMINAL,
  timeoutMs = 30_000,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await call(sim, 'GET', `/jobs/${id}`, { token });
    if (reply.status !== 200)
      throw new Error(`lookup of job ${id}: ${reply.status} ${JSON.stringify(reply.body)}`);
    if (statuses.includes(String(reply.body.status))) return reply.body;
    if (Date.now() > deadline)
      throw new Error(`job ${id} still ${String(reply.body.status)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const ALL_FLAGS = '?payload=true&result=true&logs=true&error_logs=true&error=true';

/** The full JobDetail, decoded with the app's own wire codecs (base64 result and texts, JSON payload). */
export async function fullDetail(
  sim: SimulatorHandle,
  token: string,
  id: number,
): Promise<JobDetail> {
  const reply = await call(sim, 'GET', `/jobs/${id}${ALL_FLAGS}`, { token });
  if (reply.status !== 200) throw new Error(`detail of job ${id}: ${reply.status}`);
  const { detail, problems } = decodeJobDetail(sim.variant, reply.body);
  if (problems.length)
    throw new Error(`undecodable fields: ${problems.map((p) => p.message).join('; ')}`);
  return detail;
}

export const BELL_CIRCUIT = `!Circuit
nqubits: 2
gates:
  - !H {qubit: 0}
  - !CNOT {control: 0, target: 1}
  - !M {qubits: [0, 1]}`;

const indent = (text: string, by: string) =>
  text
    .split('\n')
    .map((l, i) => (i === 0 ? l : by + l))
    .join('\n');

/** An ExecutePayload per variant whose functional object is `circuit` sampled `nshots` times. */
export function samplingPayload(
  variant: VariantId,
  circuit: string,
  nshots: number,
): Record<string, unknown> {
  if (variant === 'B') {
    return {
      type: 'sampling',
      sampling_payload: {
        sampling: `!Sampling\nnshots: ${nshots}\ncircuit: ${indent(circuit, '  ')}`,
      },
    };
  }
  return {
    type: 'digital_propagation',
    digital_propagation_payload: {
      digital_propagation: `!DigitalPropagation\ncircuit: ${indent(circuit, '  ')}`,
      readout: `!SamplingReadout {nshots: ${nshots}}`,
    },
  };
}

export function envelope(
  payload: Record<string, unknown>,
  deviceCode = 'sim.statevector',
  extra: Record<string, unknown> = {},
) {
  return {
    device_code: deviceCode,
    payload: JSON.stringify(payload),
    job_type: 'digital',
    meta: {},
    ...extra,
  };
}

/** The entry `key` of an SDK mapping, or a thrown error that names it. */
function entry(node: SdkNode | undefined, key: string): SdkNode {
  if (node?.kind !== 'map') throw new Error(`expected a mapping holding ${key}`);
  const hit = node.entries.find(([k]) => k.kind === 'str' && k.value === key);
  if (!hit) throw new Error(`no ${key} in ${node.tag ?? 'the mapping'}`);
  return hit[1];
}

/**
 * The histogram of a sampling result in either variant's SDK result shape (read with the SDK
 * reader): B `!SamplingResult {_samples}`, A `!FunctionalResult` whose composite readout
 * results hold a `!SamplingReadoutResult {_samples}`.
 */
export function samplesOf(
  variant: VariantId,
  result: Record<string, unknown>,
): Record<string, number> {
  const field = variant === 'B' ? 'sampling_result' : 'functional_result';
  const doc = readSdkYaml(String(result[field]));
  if (doc.problems.length > 0 || !doc.node) throw new Error(`${field} did not read`);
  let sampling: SdkNode;
  if (variant === 'B') {
    if (doc.node.tag !== '!SamplingResult') throw new Error(`unexpected tag ${doc.node.tag}`);
    sampling = doc.node;
  } else {
    if (doc.node.tag !== '!FunctionalResult') throw new Error(`unexpected tag ${doc.node.tag}`);
    sampling = entry(entry(doc.node, '_readout_results'), 'sampling');
    if (sampling.tag !== '!SamplingReadoutResult')
      throw new Error(`unexpected readout tag ${String(sampling.tag)}`);
  }
  const samples = entry(sampling, '_samples');
  if (samples.kind !== 'map') throw new Error('_samples is not a mapping');
  const out: Record<string, number> = {};
  for (const [k, v] of samples.entries) {
    if (k.kind !== 'str' || v.kind !== 'int') throw new Error('a sample is not bitstring: count');
    out[k.value] = Number(v.value);
  }
  return out;
}

/** A circuit wide and deep enough to keep a worker busy for a while. */
export function heavyCircuit(nqubits: number, layers: number): string {
  const gates: string[] = [];
  for (let l = 0; l < layers; l++) {
    for (let q = 0; q < nqubits; q++)
      gates.push(`  - !RY {qubit: ${q}, theta: ${(0.1 + l * 0.01 + q * 0.001).toFixed(3)}}`);
    for (let q = 0; q + 1 < nqubits; q++) gates.push(`  - !CNOT {control: ${q}, target: ${q + 1}}`);
  }
  return `!Circuit\nnqubits: ${nqubits}\ngates:\n${gates.join('\n')}`;
}
