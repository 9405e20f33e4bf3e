import { describe, expect, it } from 'vitest';
import { REDACTED, redactPersonalData, redactText } from './redact';

const stringify = (value: unknown) => JSON.stringify(value, redactPersonalData);

describe('log redaction', () => {
  it('drops the values of keys that hold secrets, codes or contact data', () => {
    const line = stringify({
      password: 'Demo#User2025',
      challengeAnswer: '1234',
      privateChallengeParameters: { answer: '1234', phone: '+15551234567' },
      Authorization: 'Bearer abc',
      phone_number: '+15551234567',
      userAttributes: { email: 'ann@example.com' },
      refresh_token: 'opaque',
    });
    expect(JSON.parse(line)).toEqual({
      password: REDACTED,
      challengeAnswer: REDACTED,
      privateChallengeParameters: REDACTED,
      Authorization: REDACTED,
      phone_number: REDACTED,
      userAttributes: REDACTED,
      refresh_token: REDACTED,
    });
  });

  it('hides e-mail addresses, phone numbers, tokens and codes inside any text', () => {
    expect(
      redactText(
        'Invalid parameter: PhoneNumber +15551234567 for Ann.Lee@Example.com; ' +
          'Message: Your StockScope verification code is 0421. Token eyJhbGciOi.eyJzdWIi.c2ln',
      ),
    ).toBe(
      'Invalid parameter: PhoneNumber [phone] for [email]; ' +
        'Message: Your StockScope verification code is [code]. Token [token]',
    );
  });

  it('keeps what operators need: error codes, statuses, paths and masked numbers', () => {
    const kept = {
      code: 'ECONNRESET',
      statusCode: 503,
      message: 'FMP answered 503; attempt 2 failed, retrying in 1000 ms',
      stack: 'at send (file:///var/task/node_modules/@aws-sdk/client-sns/index.js:1:2)',
      phone: undefined,
      masked: '+*******4567',
    };
    expect(JSON.parse(stringify(kept))).toEqual({ ...kept, phone: undefined });
    expect(stringify({ code: '1234' })).toBe(`{"code":"${REDACTED}"}`);
  });

  it('redacts JSON inside a string, such as an API Gateway body, key by key', () => {
    const event = { body: JSON.stringify({ password: 'Demo#User2025', symbol: 'AAPL' }) };
    expect(JSON.parse(stringify(event))).toEqual({
      body: JSON.stringify({ password: REDACTED, symbol: 'AAPL' }),
    });
  });
});
