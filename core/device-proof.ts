import { DEFAULT_CACHE_LIFETIME_MS } from './constants';

/**
 * The proof that a device completed the 4-digit code step for a user before (SPEC §4 "remembered
 * e-mail", made something only the server can grant). After a correct code with Remember me, the
 * SPA's fresh random device id and secret are registered for the user by the verify trigger; a
 * later sign-in presents them with the password answer and the define trigger skips the code step
 * when they match a registration that is unexpired and not revoked by 'Sign out of all devices'.
 * The secret leaves the device only inside the sign-in's client metadata; the server keeps a hash.
 */
export const DEVICE_PROOF = {
  /** Client metadata key, with the password answer: the proof of a remembered device. */
  presentKey: 'deviceProof',
  /** Client metadata key, with the code answer: the device to remember once the code is right. */
  rememberKey: 'rememberDevice',
  /** A registration lasts as long as the SPA keeps a remembered e-mail (§9's 30 days). */
  lifetimeMs: DEFAULT_CACHE_LIFETIME_MS,
  /** Registrations kept per user; the oldest goes when a new one would exceed it. */
  maxPerUser: 10,
} as const;

export interface DeviceProof {
  /** 16 random bytes, base64url (22 characters). */
  readonly id: string;
  /** 32 random bytes, base64url (43 characters). */
  readonly secret: string;
}

const ID_LENGTH = 16;
const SECRET_LENGTH = 32;

/**
 * `<id>.<secret>`: what the client metadata carries (Cognito metadata values are strings). A plain
 * pattern, not a zod schema: the SPA's first bundle reads remembered proofs, and carries no zod.
 */
const DEVICE_PROOF_PATTERN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

export const isDeviceProof = (value: unknown): value is string =>
  typeof value === 'string' && DEVICE_PROOF_PATTERN.test(value);

export const formatDeviceProof = ({ id, secret }: DeviceProof): string => `${id}.${secret}`;

/** The proof in a metadata value, or undefined when there is none or it is malformed. */
export function parseDeviceProof(value: unknown): DeviceProof | undefined {
  if (!isDeviceProof(value)) return undefined;
  const [id, secret] = value.split('.') as [string, string];
  return { id, secret };
}

const base64url = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
};

/** A fresh device id and secret from the platform's CSPRNG (browser and Node alike). */
export function newDeviceProof(
  random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): DeviceProof {
  return {
    id: base64url(random(new Uint8Array(ID_LENGTH))),
    secret: base64url(random(new Uint8Array(SECRET_LENGTH))),
  };
}
