import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import { s3Errors } from './s3-error';

/** The one key pair the local S3 knows, and the region it is in. */
export interface LocalS3Key {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly region: string;
}

/** A request as it arrived: the method, the path and query exactly as sent, the headers. */
export interface ArrivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

/** S3 refuses a header signature more than 15 minutes away from its own clock. */
const MAX_SKEW_MS = 15 * 60_000;
/** The longest a presigned URL may be valid (SigV4: one week). */
const MAX_PRESIGNED_SECONDS = 7 * 24 * 3600;

const HEADER_AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;
/** The query parameters of a presigned URL that the signer writes (and so recomputes). */
const PRESIGN_PARAMETERS = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
];

/** 20261126T120000Z → Date. */
export function parseAmzDate(value: string | undefined): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, ...number[]];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

/**
 * Checks a credential scope `AKID/20261126/us-east-2/s3/aws4_request` against the local key and
 * the signing time, with S3's answers for each mismatch.
 */
export function checkCredentialScope(credential: string, key: LocalS3Key, date: Date): void {
  const [accessKeyId, day, region, service, terminator, ...rest] = credential.split('/');
  if (terminator !== 'aws4_request' || rest.length > 0 || !accessKeyId) {
    throw s3Errors.malformedAuthorization(`the Credential '${credential}' is not a SigV4 scope`);
  }
  if (accessKeyId !== key.accessKeyId) throw s3Errors.invalidAccessKeyId(accessKeyId);
  if (region !== key.region) throw s3Errors.wrongRegion(region ?? '', key.region);
  if (service !== 's3') {
    throw s3Errors.malformedAuthorization(`incorrect service '${service}'; expecting 's3'`);
  }
  if (day !== date.toISOString().slice(0, 10).replace(/-/g, '')) {
    throw s3Errors.malformedAuthorization(`the date in the Credential does not match X-Amz-Date`);
  }
}

function signer(key: LocalS3Key): SignatureV4 {
  return new SignatureV4({
    credentials: { accessKeyId: key.accessKeyId, secretAccessKey: key.secretAccessKey },
    region: key.region,
    service: 's3',
    sha256: Sha256,
    // S3 signs the path as sent, escaped once.
    uriEscapePath: false,
    applyChecksum: false,
  });
}

const sameSignature = (expected: string | undefined, given: string) =>
  expected !== undefined &&
  expected.length === given.length &&
  timingSafeEqual(Buffer.from(expected), Buffer.from(given));

/** The query as the signer takes it: names and values decoded, repeated names as lists. */
function parseQuery(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const pair of search.split('&').filter(Boolean)) {
    const at = pair.indexOf('=');
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(at < 0 ? pair : pair.slice(0, at));
      value = at < 0 ? '' : decodeURIComponent(pair.slice(at + 1));
    } catch {
      throw s3Errors.invalidArgument('The query string is not URL-encoded correctly.');
    }
    const before = query[name];
    query[name] = before === undefined ? value : [before, value].flat();
  }
  return query;
}

/** The request's path and query as sent (the path still escaped, as it was signed). */
export function splitUrl(url: string): { path: string; query: Record<string, string | string[]> } {
  const at = url.indexOf('?');
  return {
    path: at < 0 ? url : url.slice(0, at),
    query: parseQuery(at < 0 ? '' : url.slice(at + 1)),
  };
}

/** The values of the headers a signature covers, as they arrived; undefined when one is absent. */
function signedHeaderValues(
  headers: IncomingHttpHeaders,
  names: readonly string[],
): Record<string, string> | undefined {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name];
    if (value === undefined) return undefined;
    values[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return values;
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? undefined : value);

/**
 * Checks a request S3 must see signed (every operation but the browser's POST form): with an
 * `Authorization` header or as a presigned URL. The signature is recomputed with the SDK's own
 * signer from what arrived and compared, as S3 does. Throws S3's error; answers the payload hash
 * the signature covers (a body is then checked against it).
 */
export async function checkSignature(
  request: ArrivedRequest,
  key: LocalS3Key,
  now = Date.now(),
): Promise<{ payloadHash: string }> {
  const authorization = request.headers.authorization;
  const { path, query } = splitUrl(request.url);
  if (request.headers['x-amz-security-token'] !== undefined || 'X-Amz-Security-Token' in query) {
    throw s3Errors.invalidToken();
  }
  if (authorization !== undefined) {
    return checkHeaderSignature(request, authorization, path, query, key, now);
  }
  if (query['X-Amz-Algorithm'] !== undefined) {
    await checkPresignedUrl(request, path, query, key, now);
    return { payloadHash: 'UNSIGNED-PAYLOAD' };
  }
  // The bucket is private: nothing is served to an anonymous request.
  throw s3Errors.accessDenied();
}

async function checkHeaderSignature(
  request: ArrivedRequest,
  authorization: string,
  path: string,
  query: Record<string, string | string[]>,
  key: LocalS3Key,
  now: number,
): Promise<{ payloadHash: string }> {
  if (!authorization.startsWith('AWS4-HMAC-SHA256 ')) {
    throw s3Errors.invalidArgument(
      'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.',
    );
  }
  const parts = HEADER_AUTHORIZATION.exec(authorization);
  if (!parts) {
    throw s3Errors.malformedAuthorization('it needs Credential, SignedHeaders and Signature');
  }
  const [, credential, signedList, signature] = parts as unknown as [
    string,
    string,
    string,
    string,
  ];
  const signedNames = signedList.split(';');
  const date = parseAmzDate(single(request.headers['x-amz-date']));
  if (!date || !signedNames.includes('host') || !signedNames.includes('x-amz-date')) {
    throw s3Errors.accessDenied('The request must sign its Host and X-Amz-Date headers.');
  }
  checkCredentialScope(credential, key, date);
  if (Math.abs(now - date.getTime()) > MAX_SKEW_MS) throw s3Errors.timeTooSkewed();
  const payloadHash = single(request.headers['x-amz-content-sha256']);
  if (!payloadHash || !signedNames.includes('x-amz-content-sha256')) {
    throw s3Errors.invalidArgument(
      'Missing required header for this request: x-amz-content-sha256',
    );
  }
  const headers = signedHeaderValues(request.headers, signedNames);
  if (!headers) throw s3Errors.signatureDoesNotMatch();
  const signed = await signer(key).sign(
    { method: request.method, protocol: 'http:', hostname: '', path, query, headers },
    { signingDate: date, signableHeaders: new Set(signedNames) },
  );
  const expected = /Signature=([0-9a-f]{64})$/.exec(String(signed.headers.authorization))?.[1];
  if (!sameSignature(expected, signature)) throw s3Errors.signatureDoesNotMatch();
  return { payloadHash };
}

async function checkPresignedUrl(
  request: ArrivedRequest,
  path: string,
  query: Record<string, string | string[]>,
  key: LocalS3Key,
  now: number,
): Promise<void> {
  const [algorithm, credential, stamp, expires, signedList, signature] = PRESIGN_PARAMETERS.map(
    (name) => single(query[name]),
  );
  if (algorithm !== 'AWS4-HMAC-SHA256') {
    throw s3Errors.malformedQueryAuthorization("X-Amz-Algorithm only supports 'AWS4-HMAC-SHA256'.");
  }
  const date = parseAmzDate(stamp);
  const expiresIn = Number(expires);
  if (!credential || !date || !signedList || !signature || !/^\d+$/.test(expires ?? '')) {
    throw s3Errors.malformedQueryAuthorization(
      'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
    );
  }
  if (expiresIn > MAX_PRESIGNED_SECONDS) {
    throw s3Errors.malformedQueryAuthorization(
      'X-Amz-Expires must be less than a week (in seconds) that is 604800.',
    );
  }
  checkCredentialScope(credential, key, date);
  if (now < date.getTime() - MAX_SKEW_MS) throw s3Errors.accessDenied('Request is not valid yet');
  if (now > date.getTime() + expiresIn * 1000) throw s3Errors.accessDenied('Request has expired');

  const signedNames = signedList.split(';');
  const headers = signedHeaderValues(request.headers, signedNames);
  if (!headers || !signedNames.includes('host')) throw s3Errors.signatureDoesNotMatch();
  const rest = Object.fromEntries(
    Object.entries(query).filter(([name]) => !PRESIGN_PARAMETERS.includes(name)),
  );
  // A presigned request's payload is unsigned. The presigner may have carried that in the query
  // (X-Amz-Content-Sha256, which is then signed as part of it): the signer reads it as a header
  // and puts it back where it was; otherwise it is a header that stays out of the signature.
  const hashParameter = Object.keys(rest).find((n) => n.toLowerCase() === 'x-amz-content-sha256');
  const payload = hashParameter ?? 'x-amz-content-sha256';
  const payloadValue = hashParameter ? single(rest[hashParameter]) : 'UNSIGNED-PAYLOAD';
  if (hashParameter) delete rest[hashParameter];
  if (payloadValue !== 'UNSIGNED-PAYLOAD') throw s3Errors.signatureDoesNotMatch();
  const presigned = await signer(key).presign(
    {
      method: request.method,
      protocol: 'http:',
      hostname: '',
      path,
      query: rest,
      headers: { ...headers, [payload]: payloadValue },
    },
    {
      signingDate: date,
      expiresIn,
      signableHeaders: new Set(signedNames),
      unhoistableHeaders: new Set(hashParameter ? signedNames : [...signedNames, payload]),
      unsignableHeaders: new Set(hashParameter ? [] : [payload]),
    },
  );
  if (!sameSignature(single(presigned.query?.['X-Amz-Signature'] ?? undefined), signature)) {
    throw s3Errors.signatureDoesNotMatch();
  }
}
