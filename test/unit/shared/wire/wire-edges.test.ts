import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  WireDecodeError,
  decodeBareExecutePayload,
  decodeBase64Bytes,
  decodeBase64Text,
  decodeExecuteEnvelope,
  decodeJobDetail,
  decodeJobList,
  decodePayloadField,
  decodeResultField,
  encodeBase64Text,
  encodeBase64Url,
  encodeJobDetail,
  encodeJobInfo,
  expectObject,
  formatHttpDate,
  formatOptionalHttpDate,
  parseOptionalWireDate,
  parseServiceError,
  parseWireDate,
  previewRaw,
  buildExecuteEnvelope,
  wireResult,
} from '../../../../src/shared/wire';

/**
 * The wire codecs' messages and edges: what support staff read when a body does not fit
 * (every word of it), and the cases the round-trip tests do not reach.
 */

const failure = (decode: () => unknown): WireDecodeError => {
  try {
    decode();
  } catch (error) {
    if (error instanceof WireDecodeError) return error;
    throw error;
  }
  throw new Error('expected a WireDecodeError');
};

describe('WireDecodeError and its preview of the raw value', () => {
  it('names the field (or the body) and shows what arrived', () => {
    const e = new WireDecodeError(
      'invalid_date',
      'items[2].created_at',
      'yesterday',
      'date is vague',
    );
    expect([e.name, e.code, e.field, e.raw]).toEqual([
      'WireDecodeError',
      'invalid_date',
      'items[2].created_at',
      'yesterday',
    ]);
    expect(e.message).toBe(`field 'items[2].created_at': date is vague (raw: "yesterday")`);
    expect(e.issues).toBeUndefined();
    const body = new WireDecodeError('not_an_object', '', [1], 'no', {
      cause: 'c',
      issues: [{ path: 'x', message: 'm' }],
    });
    expect(body.message).toBe('response body: no (raw: [1])');
    expect(body.cause).toBe('c');
    expect(body.issues).toEqual([{ path: 'x', message: 'm' }]);
  });

  it('previews strings, values and the unprintable, cutting long ones and saying how long', () => {
    expect(previewRaw(undefined)).toBe('undefined');
    expect(previewRaw('abc')).toBe('"abc"');
    expect(previewRaw('x'.repeat(10), 10)).toBe('"xxxxxxxxxx"');
    expect(previewRaw('x'.repeat(11), 10)).toBe('"xxxxxxxxxx…" (11 chars)');
    expect(previewRaw({ a: 1 })).toBe('{"a":1}');
    expect(previewRaw([1, 2, 3, 4, 5], 5)).toBe('[1,2,… (11 chars)');
    expect(previewRaw([1, 2], 5)).toBe('[1,2]');
    expect(previewRaw(() => 1)).toBe('() => 1');
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(previewRaw(loop)).toBe('[object Object]');
    expect(previewRaw(null)).toBe('null');
  });

  it('turns zod issues into one error naming the first path, at most three shown', () => {
    const schema = z.strictObject({ a: z.string(), b: z.number(), c: z.boolean(), d: z.null() });
    const parsed = schema.safeParse({ a: 1, b: 'x', c: 'y', d: 2 });
    const e = WireDecodeError.fromZod('items[0]', { raw: true }, parsed.error!);
    expect(e.field).toBe('items[0].a');
    expect(e.code).toBe('schema_mismatch');
    expect(e.issues).toHaveLength(4);
    expect(e.message).toMatch(
      /^field 'items\[0\]\.a': does not match the model \(items\[0\]\.a: .*; items\[0\]\.b: .*; items\[0\]\.c: [^;]*; and 1 more\)/,
    );
    const one = WireDecodeError.fromZod('', 5, z.string().safeParse(5).error!);
    expect(one.field).toBe('');
    expect(one.message).toMatch(
      /^response body: does not match the model \(\(body\): [^;]*\) \(raw: 5\)$/,
    );
  });

  it('wireResult gives a value or the decode error, and lets anything else through', () => {
    expect(wireResult(() => 7)).toEqual({ ok: true, value: 7 });
    const bad = wireResult(() => expectObject(3, 'x'));
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error.message).toBe(
      "field 'x': expected a JSON object, got number (raw: 3)",
    );
    expect(() =>
      wireResult(() => {
        throw new TypeError('bug');
      }),
    ).toThrow('bug');
  });

  it('expectObject says what it got', () => {
    expect(failure(() => expectObject(null, '')).message).toBe(
      'response body: expected a JSON object, got null (raw: null)',
    );
    expect(failure(() => expectObject([], 'p')).message).toBe(
      "field 'p': expected a JSON object, got an array (raw: [])",
    );
    expect(failure(() => expectObject('s', 'p')).code).toBe('not_an_object');
    expect(expectObject({ a: 1 }, '')).toEqual({ a: 1 });
  });
});

describe('base64 edges', () => {
  it('encodes long texts in chunks, exactly', () => {
    const text = 'é'.repeat(70_000);
    expect(decodeBase64Text(encodeBase64Text(text), 'x')).toBe(text);
    expect(encodeBase64Text('')).toBe('');
  });

  it('URL-safe with and without padding', () => {
    expect(encodeBase64Url('?>?')).toBe('Pz4_');
    expect(encodeBase64Url('ü')).toBe('w7w=');
    expect(encodeBase64Url('ü', { padding: false })).toBe('w7w');
    expect(encodeBase64Url('ü', { padding: true })).toBe('w7w=');
  });

  it('says where a bad character is, the first position included', () => {
    expect(failure(() => decodeBase64Bytes('*AAA', 'logs')).message).toBe(
      `field 'logs': not valid base64: character '*' at position 0 (raw: "*AAA")`,
    );
    expect(failure(() => decodeBase64Bytes('AA A', 'logs')).message).toMatch(
      /character " " at position 2/,
    );
    expect(failure(() => decodeBase64Bytes('A+A_', 'logs')).message).toMatch(/mixes the standard/);
  });

  it('padding: only at the end, only as much as needed', () => {
    expect(failure(() => decodeBase64Bytes('QQ=A', 'x')).code).toBe('invalid_base64');
    expect(failure(() => decodeBase64Bytes('QQ', 'x')).message).toMatch(/missing padding/);
    expect(decodeBase64Bytes('QQ', 'x', { allowUnpadded: true })).toEqual(new Uint8Array([65]));
    expect(decodeBase64Bytes('QUI', 'x', { allowUnpadded: true })).toEqual(
      new Uint8Array([65, 66]),
    );
    expect(failure(() => decodeBase64Bytes('QUI==', 'x')).message).toMatch(/wrong padding/);
    // Stray bits after the last byte: one padding (2 spare bits) and two (4 spare bits).
    expect(failure(() => decodeBase64Bytes('QUJ=', 'x')).message).toMatch(/non-zero bits/);
    expect(failure(() => decodeBase64Bytes('QR==', 'x')).message).toMatch(/non-zero bits/);
    expect(decodeBase64Bytes('QUI=', 'x')).toEqual(new Uint8Array([65, 66]));
    expect(decodeBase64Bytes('_-8', 'x')).toEqual(new Uint8Array([255, 239]));
  });

  it('bytes that are not UTF-8 are named as such', () => {
    const e = failure(() => decodeBase64Text('/w==', 'error_logs'));
    expect([e.code, e.field]).toEqual(['invalid_utf8', 'error_logs']);
    expect(e.message).toBe(
      `field 'error_logs': base64 decodes to bytes that are not UTF-8 text (raw: "/w==")`,
    );
    expect(e.cause).toBeInstanceOf(TypeError);
  });
});

describe('date edges', () => {
  it('formats the HTTP-date of any year with four digits', () => {
    expect(formatHttpDate(new Date(Date.UTC(2026, 10, 22, 1, 2, 3)))).toBe(
      'Sun, 22 Nov 2026 01:02:03 GMT',
    );
    const early = new Date(Date.UTC(2000, 0, 1));
    early.setUTCFullYear(33);
    expect(formatHttpDate(early)).toMatch(/ 0033 00:00:00 GMT$/);
    expect(() => formatHttpDate(new Date(NaN))).toThrow('formatHttpDate: invalid Date');
    expect(formatOptionalHttpDate(null)).toBeNull();
    expect(formatOptionalHttpDate(undefined)).toBeUndefined();
    expect(() => formatOptionalHttpDate('soon')).toThrow('not a datetime: soon');
  });

  it.each([
    ['2026-11-22T11:25:28+0130', '2026-11-22T09:55:28Z'],
    ['2026-11-22T11:25:28-23:59', '2026-11-23T11:24:28Z'],
    ['2026-11-22T11:25+01', '2026-11-22T10:25:00Z'],
    ['Sun, 22 Nov 2026 11:25 GMT', '2026-11-22T11:25:00Z'],
    ['22 Nov 2026 11:25:28 +0100', '2026-11-22T10:25:28Z'],
    ['  Sun, 22 Nov 2026 11:25:28 UT  ', '2026-11-22T11:25:28Z'],
    ['Sunday, 22-Nov-26 11:25:28 GMT', '2026-11-22T11:25:28Z'],
    ['0099-01-01T00:00:00Z', '0099-01-01T00:00:00Z'],
  ])('reads %s', (text, iso) => {
    expect(parseWireDate(text, 'd')).toBe(iso);
  });

  it.each([
    ['2026-11-22T11:25:28+24:00', /invalid UTC offset/],
    ['2026-11-22T11:25:28+01:60', /invalid UTC offset/],
    ['Sun, 22 Nov 2026 11:25:28 +2400', /unknown time zone '\+2400'/],
    ['2026-11-22', /is a date without a time and time zone/],
    ['x2026-11-22', /neither an HTTP-date/],
    ['2026-11-22x', /neither an HTTP-date/],
    ['2026-02-30T00:00:00Z', /date does not exist/],
    ['2026-13-01T00:00:00Z', /date does not exist/],
    ['2026-00-01T00:00:00Z', /date does not exist/],
    ['2026-11-22T24:00:00Z', /date does not exist/],
    ['2026-11-22T11:60:00Z', /date does not exist/],
    ['2026-11-22T11:25:60Z', /date does not exist/],
    ['Mon, 22 Nov 2026 11:25:28 GMT', /date says Mon but it is a Sun/],
  ])('refuses %s', (text, why) => {
    const e = failure(() => parseWireDate(text, 'items[0].created_at'));
    expect([e.code, e.field]).toEqual(['invalid_date', 'items[0].created_at']);
    expect(e.message).toMatch(why);
  });

  it('says what it got instead of a string; optional dates pass null and absence on', () => {
    expect(failure(() => parseWireDate(null, 'd')).message).toBe(
      "field 'd': expected a date string, got null (raw: null)",
    );
    expect(failure(() => parseWireDate(5, 'd')).message).toMatch(
      /expected a date string, got number/,
    );
    expect(parseOptionalWireDate(null, 'd')).toBeNull();
    expect(parseOptionalWireDate(undefined, 'd')).toBeUndefined();
    expect(parseOptionalWireDate('Sun, 22 Nov 2026 11:25:28 GMT', 'd')).toBe(
      '2026-11-22T11:25:28Z',
    );
  });

  it('an RFC 850 date with a two-digit year far ahead is in the past century', () => {
    const thisYear = new Date().getUTCFullYear();
    const ahead = (thisYear + 60) % 100;
    const year =
      Math.floor(thisYear / 100) * 100 + ahead - (ahead > (thisYear % 100) + 50 ? 100 : 0);
    const d = new Date(Date.UTC(year, 0, 5));
    const day = d.toUTCString().slice(0, 3);
    const long = {
      Sun: 'Sunday',
      Mon: 'Monday',
      Tue: 'Tuesday',
      Wed: 'Wednesday',
      Thu: 'Thursday',
      Fri: 'Friday',
      Sat: 'Saturday',
    }[day]!;
    expect(
      parseWireDate(`${long}, 05-Jan-${String(ahead).padStart(2, '0')} 00:00:00 GMT`, 'd'),
    ).toBe(`${String(year).padStart(4, '0')}-01-05T00:00:00Z`);
  });
});

describe('job records and lists: edges', () => {
  const record = {
    id: 1,
    name: 'n',
    description: '',
    device_id: 1,
    status: 'queued',
    created_at: 'Sun, 22 Nov 2026 11:25:28 GMT',
  };

  it('a list may be a bare array; a body without items says so', () => {
    expect(decodeJobList('B', [record]).map((j) => j.id)).toEqual([1]);
    expect(failure(() => decodeJobList('B', { items: 'x' })).message).toBe(
      `field 'items': expected a list of items (raw: "x")`,
    );
    expect(failure(() => decodeJobList('B', 5)).message).toBe(
      'response body: expected a JSON object, got number (raw: 5)',
    );
  });

  it('a record without created_at is refused, naming the field', () => {
    const { created_at: _c, ...rest } = record;
    expect(failure(() => decodeJobList('B', { items: [rest] })).message).toMatch(
      /^field 'items\[0\]\.created_at': required field 'created_at' is missing/,
    );
  });

  it('absent dates stay absent both ways; JobId message only in Variant A', () => {
    const [info] = decodeJobList('A', [{ ...record, message: 'note' }]);
    expect('updated_at' in info!).toBe(false);
    const wire = encodeJobInfo('A', info!);
    expect('updated_at' in wire).toBe(false);
    expect(wire.message).toBe('note');
    expect('message' in encodeJobInfo('B', { ...info!, message: 'x' })).toBe(false);
  });
});

describe('job detail fields: edges', () => {
  const base = {
    id: 3,
    name: 'n',
    description: '',
    device_id: 1,
    status: 'completed',
    created_at: 'Sun, 22 Nov 2026 11:25:28 GMT',
  };
  const payloadB = { type: 'sampling', sampling_payload: { sampling: '!Sampling {}' } };
  const resultB = { type: 'sampling', sampling_result: '!SamplingResult {}' };

  it('takes payload and result as objects too, and a JSON null result as no result', () => {
    expect(decodePayloadField('B', payloadB)).toEqual(payloadB);
    expect(decodeResultField('B', resultB)).toEqual(resultB);
    expect(decodeResultField('B', encodeBase64Text('null'))).toBeNull();
  });

  it('names what a payload, result or text field should have been', () => {
    expect(failure(() => decodePayloadField('B', 5)).message).toBe(
      "field 'payload': expected a JSON string holding the ExecutePayload (raw: 5)",
    );
    expect(failure(() => decodePayloadField('B', '{x')).message).toMatch(
      /^field 'payload': not valid JSON \(/,
    );
    expect(failure(() => decodePayloadField('B', '{x')).code).toBe('invalid_json');
    expect(failure(() => decodeResultField('B', 5)).message).toBe(
      "field 'result': expected base64 of a JSON ExecuteResult (raw: 5)",
    );
    expect(failure(() => decodeResultField('B', encodeBase64Text('{x'))).field).toBe('result');
    const { problems, detail } = decodeJobDetail('B', { ...base, logs: 42 });
    expect(detail.logs).toBeNull();
    expect(problems.map((p) => [p.field, p.code, p.message])).toEqual([
      ['logs', 'schema_mismatch', "field 'logs': expected base64 of UTF-8 text (raw: 42)"],
    ]);
  });

  it('a payload that breaks the model is a problem of that field; an unrelated error is not swallowed', () => {
    const { problems } = decodeJobDetail('B', {
      ...base,
      payload: JSON.stringify({ type: 'nope' }),
    });
    expect(problems.map((p) => p.field)).toEqual(['payload.type']);
    expect(() =>
      decodeJobDetail('B', {
        ...base,
        get payload(): never {
          throw new TypeError('bug');
        },
      }),
    ).toThrow('bug');
  });

  it('jobType: read in Variant B, left alone in Variant A', () => {
    expect(decodeJobDetail('B', { ...base, jobType: 'digital' }).detail.jobType).toBe('digital');
    expect(
      decodeJobDetail('B', { ...base, jobType: 'sideways' }).problems.map((p) => p.field),
    ).toEqual(['jobType']);
    const a = decodeJobDetail('A', { ...base, jobType: 'sideways' });
    expect(a.problems).toEqual([]);
    expect((a.detail as Record<string, unknown>).jobType).toBe('sideways');
  });

  it('encodes only the fields there are', () => {
    const { detail } = decodeJobDetail('B', base);
    const wire = encodeJobDetail('B', detail);
    expect(['payload', 'result', 'logs'].filter((f) => f in wire)).toEqual([]);
    const full = encodeJobDetail('B', {
      ...detail,
      payload: payloadB as never,
      result: resultB as never,
    });
    expect(JSON.parse(full.payload as string)).toEqual(payloadB);
    expect(JSON.parse(decodeBase64Text(full.result as string, 'r'))).toEqual(resultB);
  });
});

describe('execute envelope: edges', () => {
  const payload = { type: 'sampling', sampling_payload: { sampling: '!Sampling {}' } } as const;
  it('builds with or without a name, refusing a payload that breaks the model', () => {
    expect('name' in buildExecuteEnvelope({ variant: 'B', payload, deviceCode: 'd' })).toBe(false);
    expect(buildExecuteEnvelope({ variant: 'B', payload, deviceCode: 'd', name: 'n' }).name).toBe(
      'n',
    );
    const e = failure(() =>
      buildExecuteEnvelope({
        variant: 'B',
        payload: { type: 'sampling' } as never,
        deviceCode: 'd',
      }),
    );
    expect(e.field).toBe('payload.sampling_payload');
  });

  it('says what the body was when it is not an object', () => {
    for (const [body, kind] of [
      [null, 'null'],
      [[1], 'an array'],
      ['x', 'string'],
    ] as const) {
      const decoded = decodeExecuteEnvelope('B', body);
      expect(decoded).toEqual({
        ok: false,
        issues: [{ path: '', message: `expected a JSON object, got ${kind}` }],
      });
      expect(decodeBareExecutePayload('B', body)).toEqual(decoded);
    }
  });

  it('reports a payload string that is not JSON, and an empty one only once', () => {
    const bad = decodeExecuteEnvelope('B', {
      device_code: 'd',
      payload: '{x',
      job_type: 'digital',
      meta: {},
    });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.issues.find((i) => i.path === 'payload')?.message).toMatch(
      /^not valid JSON \(/,
    );
    const empty = decodeExecuteEnvelope('B', {
      device_code: 'd',
      payload: '',
      job_type: 'digital',
      meta: {},
    });
    expect(!empty.ok && empty.issues.filter((i) => i.path === 'payload')).toHaveLength(1);
    const good = decodeExecuteEnvelope('B', {
      device_code: 'd',
      payload: JSON.stringify(payload),
      job_type: 'digital',
    });
    expect(good.ok && good.envelope.meta).toEqual({});
    // A valid payload does not save an envelope that breaks the model.
    const noDevice = decodeExecuteEnvelope('B', {
      payload: JSON.stringify(payload),
      job_type: 'digital',
    });
    expect(noDevice.ok).toBe(false);
  });
});

describe('service error bodies: edges', () => {
  it.each([
    [
      'a FastAPI list with strings and odd items',
      { detail: ['plain', 5, { msg: 'm', loc: ['body', 0] }, { message: 'inner' }, '  '] },
      { message: 'plain; 5; body.0: m; inner' },
    ],
    ['a list item with nothing readable', { detail: [{ x: 1 }] }, { message: '{"x":1}' }],
    ['a detail that is blank, then a message', { detail: '   ', message: 'm' }, { message: 'm' }],
    ['an error without description', { error: 'boom', code: 'X' }, { message: 'boom', code: 'X' }],
    ['a description without error', { error_description: 'words' }, { message: 'words' }],
    ['a code with blanks', { message: 'm', code: '  C1  ' }, { message: 'm', code: 'C1' }],
    [
      'a blank code, then another key',
      { message: 'm', code: ' ', error_code: 'E' },
      { message: 'm', code: 'E' },
    ],
    ['no known key', { foo: 'bar' }, { message: '{"foo":"bar"}' }],
  ])('%s', (_label, body, expected) => {
    expect(parseServiceError(400, JSON.stringify(body))).toEqual(expected);
  });

  it('reads JSON strings and arrays, HTML pages, and plain text', () => {
    expect(parseServiceError(500, '"  upstream gone  "')).toEqual({ message: 'upstream gone' });
    expect(parseServiceError(500, '[{"msg":"a"},"b"]')).toEqual({ message: 'a; b' });
    expect(parseServiceError(500, '[]')).toEqual({ message: '[]' });
    expect(parseServiceError(502, '42')).toEqual({ message: '42' });
    expect(
      parseServiceError(502, '  <html><head><title> Bad Gateway </title></head></html>'),
    ).toEqual({ message: 'Bad Gateway' });
    expect(
      parseServiceError(
        502,
        '<!DOCTYPE html><body><style>p{}</style><script>x()</script><h1>Oops</h1>\n\n<p>down</p></body>',
      ),
    ).toEqual({ message: 'Oops down' });
    expect(parseServiceError(502, 'text <html>')).toEqual({ message: 'text <html>' });
    expect(parseServiceError(500, 'x'.repeat(500))).toEqual({ message: 'x'.repeat(500) });
    expect(parseServiceError(500, 'x'.repeat(501)).message).toBe(`${'x'.repeat(500)}… (501 chars)`);
  });
});
