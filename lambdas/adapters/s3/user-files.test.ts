import { createHash, createHmac } from 'node:crypto';
import { S3Client } from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { S3UserFiles } from './user-files';

const KEY = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};
const AT = Date.parse('2026-11-26T12:00:00Z');
const files = new S3UserFiles({
  client: new S3Client({ region: 'us-east-2', credentials: KEY }),
  bucket: 'user-files-x',
});

// The presigners sign at the clock's time.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(AT);
});
afterEach(() => vi.useRealTimers());

/** AWS's SigV4 signing key and signature, computed here from the documented steps. */
const hmac = (key: string | Buffer, text: string) =>
  createHmac('sha256', key).update(text).digest();
const signature = (text: string) => {
  const key = ['us-east-2', 's3', 'aws4_request'].reduce(
    (k, part) => hmac(k, part),
    hmac(`AWS4${KEY.secretAccessKey}`, '20261126'),
  );
  return createHmac('sha256', key).update(text).digest('hex');
};

describe('S3UserFiles signing (checked against SigV4 as AWS documents it)', () => {
  it('signs the POST policy, which binds bucket, key, type, size and expiry', async () => {
    const form = await files.presignUpload('users/ann/imports/u.csv', {
      maxBytes: 1024,
      contentType: 'text/csv',
      expiresSeconds: 300,
    });
    expect(form.url).toBe('https://user-files-x.s3.us-east-2.amazonaws.com/');
    expect(form.fields['X-Amz-Signature']).toBe(signature(form.fields.Policy!));
    const policy = JSON.parse(Buffer.from(form.fields.Policy!, 'base64').toString()) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.expiration).toBe('2026-11-26T12:05:00Z');
    expect(form.expiresAt).toBe(policy.expiration);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { bucket: 'user-files-x' },
        { key: 'users/ann/imports/u.csv' },
        { 'Content-Type': 'text/csv' },
        ['content-length-range', 1, 1024],
        { 'X-Amz-Credential': 'AKIDEXAMPLE/20261126/us-east-2/s3/aws4_request' },
        { tagging: expect.stringContaining('<Key>lifetime</Key><Value>working-copy</Value>') },
      ]),
    );
    // Every field the browser sends (but the policy and its signature) is a condition.
    const named = policy.conditions.flatMap((c) =>
      Array.isArray(c) ? [] : Object.keys(c as object),
    );
    const fields = Object.keys(form.fields).filter(
      (f) => f !== 'Policy' && f !== 'X-Amz-Signature',
    );
    expect(fields.filter((f) => !named.includes(f))).toEqual([]);
  });

  it('presigns a GET that downloads as an attachment, its query encoded as it was signed', async () => {
    const link = new URL(
      await files.presignDownload('users/ann/exports/1 x.csv', 'stockscope-alerts.csv', 60),
    );
    expect(link.pathname).toBe('/users/ann/exports/1%20x.csv');
    expect(link.search).not.toContain('+');
    expect(link.searchParams.get('response-content-disposition')).toBe(
      'attachment; filename="stockscope-alerts.csv"',
    );
    expect(link.searchParams.get('X-Amz-Expires')).toBe('60');
    const query = link.search
      .slice(1)
      .split('&')
      .filter((p) => !p.startsWith('X-Amz-Signature='))
      .sort()
      .join('&');
    const canonical = [
      'GET',
      link.pathname,
      query,
      `host:${link.host}`,
      '',
      'host',
      'UNSIGNED-PAYLOAD',
    ];
    const toSign = [
      'AWS4-HMAC-SHA256',
      '20261126T120000Z',
      '20261126/us-east-2/s3/aws4_request',
      createHash('sha256').update(canonical.join('\n')).digest('hex'),
    ].join('\n');
    expect(link.searchParams.get('X-Amz-Signature')).toBe(signature(toSign));
  });
});
