import type { DeviceProofs, RememberedDevice } from '../../../ports/device-proofs';

/** Remembered devices in memory, with the DynamoDB adapter's semantics. */
export class InMemoryDeviceProofs implements DeviceProofs {
  readonly devices = new Map<string, RememberedDevice[]>();

  async remember(sub: string, device: RememberedDevice, maxPerUser: number): Promise<void> {
    // The new device and the newest others, as many as the limit allows.
    const others = (this.devices.get(sub) ?? [])
      .filter((d) => d.id !== device.id)
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, maxPerUser - 1);
    this.devices.set(sub, [device, ...others]);
  }

  async find(sub: string, id: string): Promise<RememberedDevice | undefined> {
    return this.devices.get(sub)?.find((d) => d.id === id);
  }

  async forgetAll(sub: string): Promise<void> {
    this.devices.delete(sub);
  }
}
