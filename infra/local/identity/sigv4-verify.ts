import type { IncomingHttpHeaders } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';

/** The IAM key the local emulators accept, and the scope AWS would sign for. */
export interface SigV4Key {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly region: string;
  readonly service: string;
}

export interface SignedRequest {
  readonly method: string;
  /** Path and query as received (the identity API's is always "/"). */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Uint8Array;
}

/** Why AWS would refuse the request: the error code and message it answers with. */
export interface SigV4Refusal {
  readonly code: string;
  readonly message: string;
}

/** AWS refuses a signature more than 15 minutes away from its own clock. */
const MAX_SKEW_MS = 15 * 60_000;

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** 20250101T120000Z → Date. */
function amzDate(value: string | undefined): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, ...number[]];
  return new Date(Date.UTC(y!, mo! - 1, d, h, mi, s));
}

/**
 * Checks a request's AWS Signature Version 4 the way AWS does: the same key, scope and time, and
 * the signature recomputed over the signed headers and the body by the SDK's own signer. Answers
 * undefined when the signature holds, else AWS's error for it.
 */
export async function verifySigV4(
  req: SignedRequest,
  key: SigV4Key,
  now = Date.now(),
): Promise<SigV4Refusal | undefined> {
  const authorization = req.headers.authorization;
  if (!authorization) {
    return { code: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' };
  }
  const parts = AUTHORIZATION.exec(authorization);
  if (!parts) {
    return {
      code: 'IncompleteSignatureException',
      message: 'Authorization header requires Credential, SignedHeaders and Signature.',
    };
  }
  const [, accessKeyId, day, region, service, signedHeaders, signature] = parts as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (accessKeyId !== key.accessKeyId) {
    return {
      code: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
    };
  }
  const stamp = req.headers['x-amz-date'] as string | undefined;
  const date = amzDate(stamp);
  if (region !== key.region || service !== key.service || !date || !stamp?.startsWith(day)) {
    return {
      code: 'InvalidSignatureException',
      message: `Credential should be scoped to a valid region and service (${key.region}/${key.service}) and dated by X-Amz-Date.`,
    };
  }
  if (Math.abs(now - date.getTime()) > MAX_SKEW_MS) {
    return { code: 'InvalidSignatureException', message: 'Signature expired.' };
  }
  const headers: Record<string, string> = {};
  for (const name of signedHeaders.split(';')) {
    const value = req.headers[name];
    if (value === undefined) {
      return { code: 'InvalidSignatureException', message: `Signed header ${name} is missing.` };
    }
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const host = headers.host ?? '';
  const [hostname, port] = host.split(':');
  const url = new URL(req.url, `http://${host}`);
  const signer = new SignatureV4({
    credentials: { accessKeyId: key.accessKeyId, secretAccessKey: key.secretAccessKey },
    region: key.region,
    service: key.service,
    sha256: Sha256,
  });
  const signed = await signer.sign(
    {
      method: req.method,
      protocol: 'http:',
      hostname: hostname ?? '',
      ...(port ? { port: Number(port) } : {}),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body: req.body,
    },
    { signingDate: date },
  );
  const expected = /Signature=([0-9a-f]{64})/.exec(String(signed.headers.authorization))?.[1];
  if (!expected || !timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) {
    return {
      code: 'InvalidSignatureException',
      message:
        'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method.',
    };
  }
  return undefined;
}
