/**
 * An error as S3 answers it: an HTTP status and an XML body naming the code, so the AWS SDK and a
 * browser's upload see the same refusal locally as in AWS (the SDK maps the code to its
 * exception: NoSuchKey, SignatureDoesNotMatch…).
 */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** More elements of the XML answer, as S3 adds them (Key, Region, MaxSizeAllowed…). */
    readonly details: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** XML elements in order: `<Name>value</Name>…`, the values escaped. */
export const xmlElements = (elements: Readonly<Record<string, string>>): string =>
  Object.entries(elements)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('');

export function errorXml(error: S3Error, requestId: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error>${xmlElements({
    Code: error.code,
    Message: error.message,
    ...error.details,
    RequestId: requestId,
  })}</Error>`;
}

/** The answers the local S3 gives, with S3's codes, statuses and messages. */
export const s3Errors = {
  accessDenied: (message = 'Access Denied') => new S3Error(403, 'AccessDenied', message),
  policyRefused: (why: string) =>
    new S3Error(403, 'AccessDenied', `Invalid according to Policy: ${why}`),
  signatureDoesNotMatch: () =>
    new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    ),
  invalidAccessKeyId: (accessKeyId: string) =>
    new S3Error(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
      { AWSAccessKeyId: accessKeyId },
    ),
  wrongRegion: (region: string, expected: string) =>
    new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      `The authorization header is malformed; the region '${region}' is wrong; expecting '${expected}'`,
      { Region: expected },
    ),
  malformedAuthorization: (why: string) =>
    new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      `The authorization header is malformed; ${why}`,
    ),
  malformedQueryAuthorization: (why: string) =>
    new S3Error(400, 'AuthorizationQueryParametersError', why),
  /** The local key has no session: any token sent with it is not one S3 issued for it. */
  invalidToken: () =>
    new S3Error(400, 'InvalidToken', 'The provided token is malformed or otherwise invalid.'),
  timeTooSkewed: () =>
    new S3Error(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    ),
  contentSha256Mismatch: () =>
    new S3Error(
      400,
      'XAmzContentSHA256Mismatch',
      "The provided 'x-amz-content-sha256' header does not match what was computed.",
    ),
  invalidArgument: (message: string) => new S3Error(400, 'InvalidArgument', message),
  malformedPost: () =>
    new S3Error(
      400,
      'MalformedPOSTRequest',
      'The body of your POST request is not well-formed multipart/form-data.',
    ),
  entityTooLarge: (size: number, max: number) =>
    new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', {
      ProposedSize: String(size),
      MaxSizeAllowed: String(max),
    }),
  entityTooSmall: (size: number, min: number) =>
    new S3Error(
      400,
      'EntityTooSmall',
      'Your proposed upload is smaller than the minimum allowed size',
      { ProposedSize: String(size), MinSizeAllowed: String(min) },
    ),
  noSuchBucket: (bucket: string) =>
    new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', {
      BucketName: bucket,
    }),
  noSuchKey: (key: string) =>
    new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key }),
  bucketAlreadyOwnedByYou: (bucket: string) =>
    new S3Error(
      409,
      'BucketAlreadyOwnedByYou',
      'Your previous request to create the named bucket succeeded and you already own it.',
      { BucketName: bucket },
    ),
  invalidBucketName: (bucket: string) =>
    new S3Error(400, 'InvalidBucketName', 'The specified bucket is not valid.', {
      BucketName: bucket,
    }),
  corsRefused: (why: string) => new S3Error(403, 'AccessForbidden', `CORSResponse: ${why}`),
  /** What the local S3 does not do (the product never asks it). */
  notImplemented: (what: string) =>
    new S3Error(501, 'NotImplemented', `The local S3 does not implement ${what}.`),
} as const;
