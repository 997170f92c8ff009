import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeUtf8 } from '../../src/shared/text/utf8';
import { executeKind } from '../../src/shared/variants';
import { buildExecuteEnvelope } from '../../src/shared/wire';
import { documentToExecutePayload } from '../../src/shared/yaml';
import { REPO_ROOT } from './cli-runner';

/**
 * The hostile corpus (test/fixtures/hostile/): documents, wire bodies and socket frames, each
 * case with the outcome every consumer must reach, in one index file per kind. Cases too large to
 * keep as files are described by a generator and a size (`generate`), and built here.
 */
export const HOSTILE_DIR = path.join(REPO_ROOT, 'test/fixtures/hostile');

/** What a consumer must do with a case: accept it, accept it with a warning, or refuse it. */
export interface Expectation {
  outcome: 'accepted' | 'warned' | 'refused';
  /** For documents: the problem's code; for wire bodies: the client error's code. */
  code?: string;
  /** A fragment of the message people read. */
  message?: string;
}

/** A generated document: `kind` with its size. */
export interface DocumentGenerator {
  kind:
    | 'flow-nesting'
    | 'block-nesting'
    | 'sequence-nesting'
    | 'huge-scalar'
    | 'many-gates'
    | 'long-key'
    | 'flat-values'
    | 'flat-values-anchored'
    | 'comma-flood';
  /** Depth, bytes, gates, values or commas, by kind. */
  size: number;
}

export interface DocumentCase {
  id: string;
  what: string;
  variant: 'A' | 'B';
  /** A file under documents/, or a generator. */
  file?: string;
  generate?: DocumentGenerator;
  /** The editor's validation and `qjob validate` (the same checks, the same verdict). */
  editor: Expectation;
  /**
   * The simulator: what `POST /execute` answers (`status`), and for an accepted job the status
   * it ends in (`job`) with a fragment of its error. A document the app refuses to send is sent
   * anyway, its functional object's text as written (`raw`), as a client that skips the checks.
   */
  simulator: {
    status: number;
    job?: 'completed' | 'error';
    message?: string;
    raw?: boolean;
    /** For `raw`: the ExecutePayload's JSON text, `$FUNCTIONAL` standing for the object's text. */
    payloadTemplate?: string;
  };
}

const GATE = '!H {qubit: 1000000000}';

/** The bytes of a document case. */
export function documentBytes(c: DocumentCase): Buffer {
  if (c.file) return readFileSync(path.join(HOSTILE_DIR, 'documents', c.file));
  const g = c.generate;
  if (!g) throw new Error(`${c.id}: neither file nor generate`);
  const head = 'type: sampling\nsampling_payload:\n  sampling: !Sampling\n    nshots: 10\n';
  const circuit = (gates: string, extra = '') =>
    `    circuit: !Circuit {nqubits: 1, gates: [${gates}]${extra}}\n`;
  switch (g.kind) {
    case 'flow-nesting':
      return Buffer.from(
        `${head}${circuit('!H {qubit: 0}', `, deep: ${'['.repeat(g.size)}${']'.repeat(g.size)}`)}`,
      );
    case 'block-nesting': {
      const lines = Array.from({ length: g.size }, (_, i) => `${' '.repeat(6 + 2 * i)}k${i}:`);
      return Buffer.from(`${head}${circuit('!H {qubit: 0}')}    deep:\n${lines.join('\n')} 1\n`);
    }
    case 'sequence-nesting':
      // `- - - … 1`: block sequences nested on one line, two bytes a level.
      return Buffer.from(
        `${head}${circuit('!H {qubit: 0}')}    deep:\n      ${'- '.repeat(g.size)}1\n`,
      );
    case 'flat-values':
    case 'flat-values-anchored': {
      // Millions of one-character values; an anchor sends the text to the `yaml` package.
      const anchor = g.kind === 'flat-values-anchored' ? '&flat ' : '';
      const values = `${anchor}[${'0,'.repeat(g.size - 1)}0]`;
      return Buffer.from(`${head}${circuit('!H {qubit: 0}', `, flat: ${values}`)}`);
    }
    case 'comma-flood':
      // Each comma without a value is a syntax error of its own.
      return Buffer.from(`${head}${circuit('!H {qubit: 0}', `, junk: [${','.repeat(g.size)}]`)}`);
    case 'huge-scalar':
      return Buffer.from(`${head}${circuit('!H {qubit: 0}', `, name: "${'x'.repeat(g.size)}"`)}`);
    case 'many-gates':
      return Buffer.from(`${head}${circuit(Array(g.size).fill(GATE).join(', '))}`);
    case 'long-key':
      return Buffer.from(`${head}    ${'k'.repeat(g.size)}: 1\n${circuit('!H {qubit: 0}')}`);
  }
}

/** The execute body for a case: as the app builds it, or the functional object's bytes as written. */
export function executeBody(c: DocumentCase): Buffer {
  // (`raw`: the text from the functional object's tag on, or all of it when it has none.)
  const bytes = documentBytes(c);
  if (!c.simulator.raw) {
    const decoded = decodeUtf8(new Uint8Array(bytes));
    if (!decoded.ok) throw new Error(`${c.id}: not UTF-8; mark it raw`);
    const { payload, problems } = documentToExecutePayload(c.variant, decoded.text);
    if (!payload) throw new Error(`${c.id}: the app would not send it (${problems[0]?.message})`);
    const envelope = buildExecuteEnvelope({
      variant: c.variant,
      payload,
      deviceCode: 'sim.statevector',
    });
    return Buffer.from(JSON.stringify(envelope));
  }
  // Latin-1 keeps every byte as one character, and JSON.stringify escapes none above 0x7f: the
  // bytes come out of the envelope exactly as they are in the file, valid UTF-8 or not.
  const text = bytes.toString('latin1');
  const at = text.indexOf('!Sampling');
  const functional = at < 0 ? text : text.slice(at);
  const kind = executeKind('B', 'sampling')!;
  const payload = c.simulator.payloadTemplate
    ? c.simulator.payloadTemplate.replace('$FUNCTIONAL', JSON.stringify(functional))
    : JSON.stringify({ type: 'sampling', sampling_payload: { sampling: functional } });
  const envelope = {
    device_code: 'sim.statevector',
    payload,
    job_type: kind.jobType,
    meta: {},
  };
  return Buffer.from(JSON.stringify(envelope), 'latin1');
}

/** What the documents index (documents/index.json) holds. */
export function documentCases(): DocumentCase[] {
  return readIndex<DocumentCase>('documents');
}

export function readIndex<T>(kind: 'documents' | 'wire' | 'socket' | 'files'): T[] {
  const text = readFileSync(path.join(HOSTILE_DIR, kind, 'index.json'), 'utf8');
  return (JSON.parse(text) as { cases: T[] }).cases;
}

/**
 * A hostile file for the CLI's and the app's readers (files/index.json): a payload file or a
 * bundle, from a file, a path of the system (/dev/zero), built (a bundle whose result nests
 * `size` levels deep), or standard input that never ends (`stdin`, repeated).
 */
export interface FileCase {
  id: string;
  what: string;
  input:
    | { file: string }
    | { path: string }
    | { generate: { kind: 'deep-result'; size: number } }
    | { stdin: string };
  /**
   * `qjob` run in this process: its arguments (`$FILE` stands for the input), whether stdout is
   * a terminal, its exit code and a fragment of what it says (on stdout or stderr).
   */
  qjob: { argv: string[]; tty?: boolean; exit: number; says: string };
  /** The app's reader of such a file, when it has one: File → Open, or a bundle opened. */
  app?: { reader: 'payload' | 'bundle'; outcome: 'opened' | 'refused'; message?: string };
}

export function fileCases(): FileCase[] {
  return readIndex<FileCase>('files');
}

/** The text of a generated bundle: the control bundle with a result nested `size` deep. */
export function generatedBundle(size: number): string {
  const control = readFileSync(path.join(HOSTILE_DIR, 'files', 'control.qjob.json'), 'utf8');
  const deep = `{"type": "sampling", "deep": ${'['.repeat(size)}${']'.repeat(size)}}`;
  return control.replace('"result": null', `"result": ${deep}`);
}

/** A problem as the editor and `qjob validate` report one. */
export interface ReportedProblem {
  severity: string;
  code: string;
  message: string;
}

/**
 * Whether problems reach the expected outcome: `accepted` has none, `warned` has warnings only
 * and one with the code and message, `refused` has an error with the code and message. Returns
 * what is wrong in words, or null.
 */
export function outcomeMismatch(problems: ReportedProblem[], expected: Expectation): string | null {
  const errors = problems.filter((p) => p.severity === 'error');
  const shown = JSON.stringify(problems.slice(0, 3).map((p) => `${p.code}: ${p.message}`));
  if (expected.outcome === 'accepted')
    return problems.length === 0 ? null : `expected no problem, got ${shown}`;
  if (expected.outcome === 'warned' && errors.length > 0)
    return `expected warnings only, got ${shown}`;
  const pool = expected.outcome === 'warned' ? problems : errors;
  const hit = pool.find(
    (p) =>
      (expected.code === undefined || p.code === expected.code) &&
      (expected.message === undefined || p.message.includes(expected.message)),
  );
  return hit
    ? null
    : `expected ${expected.outcome} [${expected.code}] "${expected.message}", got ${shown}`;
}
