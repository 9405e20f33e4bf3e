import { createHash, timingSafeEqual } from 'node:crypto';
import { DEVICE_PROOF, parseDeviceProof, type DeviceProof } from '../../core/device-proof';
import type { RememberedDevice } from '../ports/device-proofs';
import type { SignInStores } from './sign-in-stores';

/** What the server keeps of a device's secret: its SHA-256 (a 256-bit random secret needs no KDF). */
export const secretHashOf = (secret: string): string =>
  createHash('sha256').update(secret).digest('base64url');

/**
 * Whether a sign-in's metadata value proves a device remembered for this user: a registration of
 * that id under this user (so a proof is bound to its user), unexpired, made after the user's last
 * 'Sign out of all devices' (or an admin's disable), whose secret hashes to the one stored.
 */
export async function provesDevice(
  { devices, revocations }: Pick<SignInStores, 'devices' | 'revocations'>,
  sub: string,
  value: unknown,
  now: number,
): Promise<boolean> {
  const proof = parseDeviceProof(value);
  if (!proof) return false;
  const device = await devices.find(sub, proof.id);
  if (!device || device.expiresAt <= now) return false;
  const { tokensValidAfter } = await revocations.state(sub);
  if (device.createdAt < tokensValidAfter) return false;
  const given = Buffer.from(secretHashOf(proof.secret));
  const stored = Buffer.from(device.secretHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The registration of a device after a correct code. */
export const registrationOf = ({ id, secret }: DeviceProof, now: number): RememberedDevice => ({
  id,
  secretHash: secretHashOf(secret),
  createdAt: now,
  expiresAt: now + DEVICE_PROOF.lifetimeMs,
});
