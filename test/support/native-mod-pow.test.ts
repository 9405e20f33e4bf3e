import * as cognito from 'amazon-cognito-identity-js';
import { describe, expect, it } from 'vitest';
import { modPow, N } from '../../infra/local/identity/srp/srp-math';
import { useNativeModPow } from './native-mod-pow';

interface Jsbn {
  toString(radix: number): string;
  modPow(e: Jsbn, m: Jsbn, callback: (error: unknown, r: Jsbn) => void): void;
}
const { AuthenticationHelper } = cognito as unknown as {
  AuthenticationHelper: new (pool: string) => { N: Jsbn; g: Jsbn; k: Jsbn };
};

const power = (base: Jsbn, e: Jsbn, m: Jsbn) =>
  new Promise<string>((resolve) => base.modPow(e, m, (_, r) => resolve(r.toString(16))));

describe('useNativeModPow', () => {
  it("gives the SDK's own answers, for the negative base SRP can meet too", async () => {
    const helper = new AuthenticationHelper('pool');
    const Jsbn = Object.getPrototypeOf(helper.g).constructor as new (h: string, r: number) => Jsbn;
    const exponent = new Jsbn('1f'.repeat(64), 16);
    // B − k·gˣ, as the SDK computes it, is negative when k·gˣ exceeds B.
    const negative = new Jsbn(`-${'7'.repeat(90)}`, 16);
    const before = [
      await power(helper.k, exponent, helper.N),
      await power(negative, exponent, helper.N),
    ];
    // Put back at once: unit files share this worker's modules, and srp-math.test.ts checks the
    // local service's SRP against the SDK's own arithmetic.
    const restore = useNativeModPow();
    let after: string[];
    try {
      after = [
        await power(helper.k, exponent, helper.N),
        await power(negative, exponent, helper.N),
      ];
      expect(Object.getPrototypeOf(helper.g).nativeModPow).toBe(true);
    } finally {
      restore();
    }
    expect(after).toEqual(before);
    expect(BigInt(`0x${helper.N.toString(16)}`)).toBe(N);
    expect(BigInt(`0x${after[0]}`)).toBe(
      modPow(BigInt(`0x${helper.k.toString(16)}`), BigInt(`0x${'1f'.repeat(64)}`), N),
    );
  });
});
