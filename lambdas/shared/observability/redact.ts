/**
 * Keeps personal data, codes and secrets out of log lines: a JSON replacer for Powertools' Logger
 * (jsonReplacerFn), applied to every value of every line, error messages and stacks included. It
 * is the backstop; code should not log such values in the first place.
 */

export const REDACTED = '[redacted]';

/** Keys whose values are never logged, compared without case, '_' or '-'. */
const SECRET_KEYS = new Set(
  [
    'password',
    'previousPassword',
    'proposedPassword',
    'otp',
    'answer',
    'challengeAnswer',
    'privateChallengeParameters',
    'challengeMetadata',
    'token',
    'idToken',
    'accessToken',
    'refreshToken',
    'authorization',
    'cookie',
    'secret',
    'apiKey',
    'email',
    'phone',
    'phoneNumber',
    'userAttributes',
    'clientMetadata',
  ].map((key) => normalise(key)),
);

/** Keys that hold a one-time code when their value is digits ('code' is also Node's ECONNRESET). */
const CODE_KEYS = new Set(['code', 'confirmationcode']);

function normalise(key: string): string {
  return key.replace(/[-_]/g, '').toLowerCase();
}

/** Values recognised anywhere in a string, with what replaces them. */
const PATTERNS: readonly (readonly [RegExp, string])[] = [
  // E-mail addresses (no '/' on either side, so 'node_modules/@aws-sdk/x.js' in a stack is kept).
  [/[^\s@"'<>(),;:/]+@[^\s@"'<>(),;:/]+\.[a-z]{2,}/gi, '[email]'],
  // Phone numbers in E.164 (as Cognito and SNS take them).
  [/\+\d{7,15}\b/g, '[phone]'],
  // JWTs (Cognito ID and access tokens).
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]'],
  // A code in a sentence: "code is 1234", "code: 1234".
  [/\b(code\b\D{0,12})\d{4,8}\b/gi, '$1[code]'],
];

export function redactText(text: string): string {
  return PATTERNS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** The Logger's jsonReplacerFn: secret keys lose their value, strings lose recognisable data. */
export function redactPersonalData(key: string, value: unknown): unknown {
  if (key !== '' && value !== undefined && value !== null) {
    const name = normalise(key);
    if (SECRET_KEYS.has(name)) return REDACTED;
    if (CODE_KEYS.has(name) && /^\s*\d+\s*$/.test(String(value))) return REDACTED;
  }
  return typeof value === 'string' ? redactString(value) : value;
}

/** JSON inside a string (an API Gateway event's body) is redacted key by key like the rest. */
function redactString(text: string): string {
  if (/^\s*[[{]/.test(text)) {
    try {
      return JSON.stringify(JSON.parse(text), redactPersonalData);
    } catch {
      // Not JSON after all: the patterns below still apply.
    }
  }
  return redactText(text);
}
