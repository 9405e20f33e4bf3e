import * as cognito from 'amazon-cognito-identity-js';
import { modPow } from '../../infra/local/identity/srp/srp-math';

/** The slice of Cognito's bundled big-number class (jsbn) this file touches. */
interface JsbnInteger {
  toString(radix: number): string;
}
interface JsbnPrototype {
  modPow(e: JsbnInteger, m: JsbnInteger, callback: (error: null, r: JsbnInteger) => void): void;
  constructor: new (hex: string, radix: number) => JsbnInteger;
  nativeModPow?: true;
}

const toBigInt = (value: JsbnInteger): bigint => {
  const hex = value.toString(16);
  return hex.startsWith('-') ? -BigInt(`0x${hex.slice(1)}`) : BigInt(`0x${hex}`);
};

/**
 * Cognito's JavaScript SDK does SRP's modular powers in plain-JavaScript big numbers: about 0.25 s
 * each on this machine, three per sign-in, and the test harness signs in a few hundred accounts.
 * The same powers in the engine's BigInt take a fifth of that. Only the arithmetic changes: the SDK
 * still builds every SRP message, hash and signature, and the browser tests sign in through the
 * SPA's own Amplify code untouched. (jsbn reduces a negative base modulo m; srp-math's modPow too.)
 * Returns what puts the SDK's own arithmetic back.
 */
export function useNativeModPow(): () => void {
  // The SDK exports its SRP helper, though its type declarations leave it out.
  const { AuthenticationHelper } = cognito as unknown as {
    AuthenticationHelper: { prototype: { generateRandomSmallA(): JsbnInteger } };
  };
  const helper = AuthenticationHelper.prototype;
  // A 1024-bit random number: made without a modular power, so the patch costs nothing.
  const jsbn = Object.getPrototypeOf(helper.generateRandomSmallA()) as JsbnPrototype;
  if (jsbn.nativeModPow) return () => {};
  const original = jsbn.modPow;
  jsbn.modPow = function (this: JsbnInteger, e, m, callback) {
    const result = modPow(toBigInt(this), toBigInt(e), toBigInt(m));
    callback(null, new jsbn.constructor(result.toString(16), 16));
  };
  jsbn.nativeModPow = true;
  return () => {
    jsbn.modPow = original;
    delete jsbn.nativeModPow;
  };
}
