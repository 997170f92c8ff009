import { describe, expect, it } from 'vitest';
import { parseServiceError } from '../../../../src/shared/wire';

describe('parseServiceError', () => {
  it.each([
    [
      'message + code',
      { message: 'Device is offline', code: 'DEVICE_OFFLINE' },
      { message: 'Device is offline', code: 'DEVICE_OFFLINE' },
    ],
    ['detail string', { detail: 'Not authenticated' }, { message: 'Not authenticated' }],
    [
      'error + error_code',
      { error: 'quota exceeded', error_code: 429 },
      { message: 'quota exceeded', code: '429' },
    ],
    [
      'OAuth pair',
      { error: 'invalid_grant', error_description: 'The assertion has expired' },
      { message: 'The assertion has expired', code: 'invalid_grant' },
    ],
    ['title (problem+json)', { title: 'Bad Request', status: 400 }, { message: 'Bad Request' }],
    ['errorCode', { message: 'nope', errorCode: 'E42' }, { message: 'nope', code: 'E42' }],
    [
      'nested error object',
      { error: { message: 'job not found', code: 'NOT_FOUND' } },
      { message: 'job not found', code: 'NOT_FOUND' },
    ],
  ])('reads %s', (_label, body, expected) => {
    expect(parseServiceError(400, JSON.stringify(body))).toEqual(expected);
  });

  it('renders a FastAPI validation list readably', () => {
    const body = {
      detail: [
        { loc: ['body', 'device_code'], msg: 'field required', type: 'value_error.missing' },
        {
          loc: ['body', 'payload', 'sampling_payload'],
          msg: 'exactly one payload',
          type: 'value_error',
        },
      ],
    };
    expect(parseServiceError(422, JSON.stringify(body))).toEqual({
      message:
        'body.device_code: field required; body.payload.sampling_payload: exactly one payload',
    });
  });

  it('falls back to the text of a body that is not JSON, truncated', () => {
    expect(parseServiceError(502, 'Bad gateway: upstream timed out')).toEqual({
      message: 'Bad gateway: upstream timed out',
    });
    const long = 'x'.repeat(2000);
    const { message } = parseServiceError(500, long);
    expect(message.length).toBeLessThan(600);
    expect(message).toContain('(2000 chars)');
  });

  it('shows the title of an HTML error page', () => {
    const html =
      '<!DOCTYPE html><html><head><title>503 Service Unavailable</title></head><body><h1>down</h1></body></html>';
    expect(parseServiceError(503, html)).toEqual({ message: '503 Service Unavailable' });
  });

  it('says so when the body is empty, and uses JSON with no known key as text', () => {
    expect(parseServiceError(500, '')).toEqual({ message: 'empty response body' });
    expect(parseServiceError(500, '  \n')).toEqual({ message: 'empty response body' });
    expect(parseServiceError(500, '{"foo":1}')).toEqual({ message: '{"foo":1}' });
    expect(parseServiceError(500, '"plain json string"')).toEqual({ message: 'plain json string' });
  });
});
