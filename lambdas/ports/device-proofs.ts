/** A device remembered for a user after a correct code (core/device-proof.ts). */
export interface RememberedDevice {
  readonly id: string;
  /** SHA-256 of the device's secret, base64url: the secret itself is never stored. */
  readonly secretHash: string;
  /** Epoch ms of the correct code that registered it. */
  readonly createdAt: number;
  /** Epoch ms after which it proves nothing. */
  readonly expiresAt: number;
}

/** Port over the remembered devices, per user. */
export interface DeviceProofs {
  /** Registers the device; beyond `maxPerUser` registrations the oldest are forgotten. */
  remember(sub: string, device: RememberedDevice, maxPerUser: number): Promise<void>;
  find(sub: string, id: string): Promise<RememberedDevice | undefined>;
  /** Forgets every device of the user ('Sign out of all devices'). */
  forgetAll(sub: string): Promise<void>;
}
