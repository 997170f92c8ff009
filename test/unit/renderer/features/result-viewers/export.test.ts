import { NO_HINTS } from '../../../../../src/renderer/state/results/models';
import { describe, expect, it } from 'vitest';
import { decodeResultText } from '../../../../../src/renderer/state/results/decode';
import { toCsv } from '../../../../../src/renderer/features/result-viewers/model/export-csv';
import { csvField } from '../../../../../src/shared/text/csv';
import { toJson } from '../../../../../src/renderer/features/result-viewers/model/export-json';
import {
  UNKNOWN_RESULT,
  functionalA,
  rabiB,
  timeEvolution,
  variational,
  bellSampling,
} from './fixtures';

const lines = (csv: string) => csv.trimEnd().split('\r\n');

describe('CSV and JSON exports', () => {
  it('quotes only what needs quoting', () => {
    expect(csvField('00')).toBe('00');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(csvField(null)).toBe('');
  });

  it('neutralises what a spreadsheet would run as a formula, as OWASP advises', () => {
    // A text cell starting with =, +, -, @, tab or CR gets a leading ' and quotes (issue 28,
    // item 12); numbers, and text that is exactly a decimal number, are data and stay as they are.
    expect(csvField('=HYPERLINK("https://evil.example","x")')).toBe(
      '"\'=HYPERLINK(""https://evil.example"",""x"")"',
    );
    expect(csvField('+1+1')).toBe('"\'+1+1"');
    expect(csvField("-2+3+cmd|' /C calc'!A0")).toBe("\"'-2+3+cmd|' /C calc'!A0\"");
    expect(csvField('@SUM(1,1)')).toBe('"\'@SUM(1,1)"');
    expect(csvField('\t=1')).toBe('"\'\t=1"');
    expect(csvField('\r=1')).toBe('"\'\r=1"');
    expect(csvField(-0.5)).toBe('-0.5');
    expect(csvField('-0.5')).toBe('-0.5');
    expect(csvField('+1e-3')).toBe('+1e-3');
    expect(csvField('a=b')).toBe('a=b');
  });

  it('exports outcomes and values that look like formulas as text, every viewer alike', () => {
    const sampling = decodeResultText(
      '!SamplingResult {nshots: 10, nqubits: 2, samples: {"=HYPERLINK(\\"https://evil.example\\")": 6, "00": 4}}',
    );
    expect(lines(toCsv(sampling))).toEqual([
      'outcome,count,probability',
      '"\'=HYPERLINK(""https://evil.example"")",6,0.6',
      '00,4,0.4',
    ]);
    const tree = decodeResultText('!Unknown {a: "@SUM(1)", b: -0.5, c: "-1+2"}');
    expect(lines(toCsv(tree))).toEqual([
      'path,tag,value',
      'a,,"\'@SUM(1)"',
      'b,,-0.5',
      'c,,"\'-1+2"',
    ]);
  });

  it('exports a sampling result ranked by count, outcomes as text, with probabilities', () => {
    const m = decodeResultText(
      '!SamplingResult {nshots: 10, nqubits: 2, samples: {"01": 2, "00": 7, "11": 1}}',
    );
    expect(lines(toCsv(m))).toEqual([
      'outcome,count,probability',
      '00,7,0.7',
      '01,2,0.2',
      '11,1,0.1',
    ]);
    const json = JSON.parse(toJson(m, { id: 42 }));
    expect(json).toMatchObject({
      job_id: 42,
      kind: 'sampling',
      tag: '!SamplingResult',
      nshots: 10,
      total_count: 10,
    });
    expect(json.samples).toEqual({ '00': 7, '01': 2, '11': 1 });
  });

  it('exports a time evolution as one column per observable', () => {
    const m = decodeResultText(timeEvolution(4, 1), {
      ...NO_HINTS,
      observables: ['Z0', 'Z1', 'Z0 Z1'],
      readouts: [],
    });
    const rows = lines(toCsv(m));
    expect(rows[0]).toBe('t,Z0,Z1,Z0 Z1');
    expect(rows).toHaveLength(6);
    expect(rows[1]!.split(',')[1]).toBe('1');
    const json = JSON.parse(toJson(m));
    expect(json.observables).toEqual(['Z0', 'Z1', 'Z0 Z1']);
    expect(json.expected_values).toHaveLength(3);
    expect(json.final_state.amplitudes).toHaveLength(4);
  });

  it('exports an experiment with its projection and fitted signal', () => {
    const m = decodeResultText(rabiB(21));
    const rows = lines(toCsv(m));
    expect(rows[0]).toBe(
      'drive_pulse_duration_ns,s21_real,s21_imag,projected_signal,fitted_signal',
    );
    expect(rows).toHaveLength(22);
    const json = JSON.parse(toJson(m));
    expect(json.fit.piPulseNs).toBeGreaterThan(0);
    expect(json.s21[0]).toHaveProperty('real');
  });

  it('exports a variational program: iterations with parameters, and the inner result in JSON', () => {
    const m = decodeResultText(variational(bellSampling(100), 5));
    expect(lines(toCsv(m))[0]).toBe('iteration,cost,t0,t1');
    const json = JSON.parse(toJson(m));
    expect(json.iterations).toHaveLength(5);
    expect(json.result.kind).toBeUndefined();
    expect(json.result.samples).toBeDefined();
  });

  it('exports a functional result in long form, one row per value', () => {
    const rows = lines(toCsv(decodeResultText(functionalA())));
    expect(rows[0]).toBe('part,quantity,key,value');
    expect(rows).toContain('readout_results[0],count,110,224');
    expect(rows.some((r) => r.startsWith('readout_results[1],expectation_value,O2,'))).toBe(true);
    expect(rows.some((r) => r.startsWith('readout_results[2],amplitude_real,000,'))).toBe(true);
  });

  it('exports an unknown result with its tags kept', () => {
    const m = decodeResultText(UNKNOWN_RESULT);
    const rows = lines(toCsv(m));
    expect(rows).toContain('calibration,!function,gASVSQAAAAAAAACMCGJ1aWx0aW5zlIwFcHJpbnSUk5Qu');
    expect(rows).toContain('circuits[0].depth,,4');
    const json = JSON.parse(toJson(m));
    expect(json.value.$tag).toBe('!QuantumVolumeResult');
    expect(json.value.$value.circuits[1].$tag).toBe('!CircuitSummary');
  });
});
