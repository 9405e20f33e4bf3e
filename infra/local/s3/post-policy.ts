import { timingSafeEqual } from 'node:crypto';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import * as z from 'zod';
import { s3Errors } from './s3-error';
import { checkCredentialScope, parseAmzDate, type LocalS3Key } from './sigv4-check';

/** What a browser's POST form stores, once S3 accepted it. */
export interface AcceptedUpload {
  readonly key: string;
  readonly contentType: string | undefined;
  readonly tagging: string | undefined;
}

const Bound = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);
const Condition = z.union([
  z
    .record(z.string(), z.string())
    .refine((exact) => Object.keys(exact).length === 1, 'one field per condition'),
  z.tuple([z.enum(['eq', 'starts-with']), z.string().startsWith('$'), z.string()]),
  z.tuple([z.literal('content-length-range'), Bound, Bound]),
]);
const Policy = z.object({
  expiration: z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'an ISO 8601 time'),
  conditions: z.array(Condition),
});

/** Fields S3 reads but no condition needs to name (SigV4 POST: policy, signature, file). */
const UNCONDITIONED = new Set(['policy', 'x-amz-signature', 'file']);
/** Fields that would ask for behaviour the product never uses (and the local S3 lacks). */
const UNSUPPORTED = ['success_action_status', 'success_action_redirect', 'redirect'];

const ONE_KEY_TOO_LONG = 1024;

/**
 * Checks a browser's POST upload as S3 does: the form's fields (names in any case, those after
 * the file already left out) signed by the policy with the local key, the policy not expired,
 * and every condition met — the bucket, each exact or starts-with field, the file's size within
 * content-length-range — and no field the policy does not name. Throws S3's error.
 */
export async function checkPostUpload(
  form: {
    readonly bucket: string;
    readonly fields: readonly (readonly [string, string])[];
    readonly fileSize: number;
  },
  key: LocalS3Key,
  now = Date.now(),
): Promise<AcceptedUpload> {
  const fields = new Map<string, string>();
  for (const [name, value] of form.fields) {
    const lower = name.toLowerCase();
    if (fields.has(lower)) throw s3Errors.invalidArgument(`The form has more than one ${name}.`);
    fields.set(lower, value);
  }
  const field = (name: string) => fields.get(name.toLowerCase());

  const policy = field('policy');
  // Without a policy the upload is anonymous, and the bucket is private.
  if (policy === undefined) throw s3Errors.accessDenied();
  if (field('x-amz-security-token') !== undefined) throw s3Errors.invalidToken();
  if (field('x-amz-algorithm') !== 'AWS4-HMAC-SHA256') {
    throw s3Errors.invalidArgument("X-Amz-Algorithm only supports 'AWS4-HMAC-SHA256'.");
  }
  const date = parseAmzDate(field('x-amz-date'));
  const credential = field('x-amz-credential');
  const signature = field('x-amz-signature');
  if (!date || !credential || !signature) {
    throw s3Errors.invalidArgument(
      'A SigV4 POST form must have the X-Amz-Credential, X-Amz-Date and X-Amz-Signature fields.',
    );
  }
  checkCredentialScope(credential, key, date);
  const signer = new SignatureV4({
    credentials: { accessKeyId: key.accessKeyId, secretAccessKey: key.secretAccessKey },
    region: key.region,
    service: 's3',
    sha256: Sha256,
  });
  const expected = await signer.sign(policy, { signingDate: date });
  if (
    expected.length !== signature.length ||
    !timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
  ) {
    throw s3Errors.signatureDoesNotMatch();
  }

  let parsed: z.infer<typeof Policy>;
  try {
    parsed = Policy.parse(JSON.parse(Buffer.from(policy, 'base64').toString('utf8')));
  } catch {
    throw s3Errors.invalidArgument('Invalid Policy: Invalid JSON.');
  }
  if (Date.parse(parsed.expiration) < now) throw s3Errors.policyRefused('Policy expired.');

  const named = new Set<string>();
  for (const condition of parsed.conditions) {
    if (!Array.isArray(condition)) {
      const [name, value] = Object.entries(condition)[0]!;
      checkField('eq', name, value);
      continue;
    }
    const [operator, first, second] = condition;
    if (operator === 'content-length-range') {
      if (form.fileSize > second) throw s3Errors.entityTooLarge(form.fileSize, second);
      if (form.fileSize < first) throw s3Errors.entityTooSmall(form.fileSize, first);
    } else {
      checkField(operator, first.slice(1), second);
    }
  }
  function checkField(operator: 'eq' | 'starts-with', name: string, expected: string) {
    const lower = name.toLowerCase();
    named.add(lower);
    const value = lower === 'bucket' ? form.bucket : field(lower);
    const met =
      value !== undefined && (operator === 'eq' ? value === expected : value.startsWith(expected));
    if (!met) {
      throw s3Errors.policyRefused(
        `Policy Condition failed: ${JSON.stringify([operator, `$${name}`, expected])}`,
      );
    }
  }

  const extra = [...fields.keys()].filter(
    (name) => !UNCONDITIONED.has(name) && !name.startsWith('x-ignore-') && !named.has(name),
  );
  if (extra.length > 0) throw s3Errors.policyRefused(`Extra input fields: ${extra.join(', ')}`);
  for (const name of UNSUPPORTED) {
    if (fields.has(name)) throw s3Errors.notImplemented(`the POST form field ${name}`);
  }

  const objectKey = field('key');
  if (!objectKey) {
    throw s3Errors.invalidArgument(
      "Bucket POST must contain a field named 'key'.  If it is specified, please check the order of the fields.",
    );
  }
  if (objectKey.includes('${filename}')) throw s3Errors.notImplemented('${filename} in a key');
  if (Buffer.byteLength(objectKey) > ONE_KEY_TOO_LONG) {
    throw s3Errors.invalidArgument('Your key is too long.');
  }
  return { key: objectKey, contentType: field('content-type'), tagging: field('tagging') };
}
