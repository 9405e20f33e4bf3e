import { readEntry, writeEntry, type KeyValueStorage } from '@core/cache-entry';
import { isDeviceProof } from '@core/device-proof';
import { localStore } from '../../../lib/browser-storage';

/**
 * The e-mails remembered on this device (SPEC §3, §4), each with the device proof the server
 * registered for it after a verified login with Remember me (core/device-proof.ts). The next login
 * of that e-mail presents the proof, and the server — not this list — decides to skip the code.
 * Kept in localStorage with the default cache lifetime; an expired map is removed on read.
 */
export const REMEMBERED_DEVICES_KEY = 'stockscope.rememberedDevices';
/** The list of e-mails the SPA kept before proofs existed: it proves nothing, so it goes. */
const LEGACY_KEY = 'stockscope.rememberedEmails';

type Proofs = Readonly<Record<string, string>>;

const normalise = (email: string) => email.trim().toLowerCase();

const parseProofs = (value: unknown): Proofs => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('not a map of device proofs');
  }
  return Object.fromEntries(
    Object.entries(value).filter(([, proof]) => isDeviceProof(proof)),
  ) as Proofs;
};

function read(storage: KeyValueStorage, now: number): Proofs {
  try {
    storage.removeItem(LEGACY_KEY);
  } catch {
    // Storage refused (private mode): nothing was remembered there either.
  }
  return readEntry(storage, REMEMBERED_DEVICES_KEY, now, parseProofs) ?? {};
}

/** The proof this device holds for the e-mail, if it is remembered. */
export function deviceProofFor(
  email: string,
  storage: KeyValueStorage | undefined = localStore(),
  now = Date.now(),
): string | undefined {
  return storage ? read(storage, now)[normalise(email)] : undefined;
}

/** Keeps the proof the server registered for the e-mail; writing restarts the lifetime. */
export function rememberDevice(
  email: string,
  proof: string,
  storage: KeyValueStorage | undefined = localStore(),
  now = Date.now(),
): void {
  if (!storage) return;
  writeEntry(
    storage,
    REMEMBERED_DEVICES_KEY,
    { ...read(storage, now), [normalise(email)]: proof },
    now,
  );
}

/** A login without Remember me, or a sign-out everywhere, stops remembering the e-mail here. */
export function forgetDevice(
  email: string,
  storage: KeyValueStorage | undefined = localStore(),
  now = Date.now(),
): void {
  if (!storage) return;
  const proofs = read(storage, now);
  if (!(normalise(email) in proofs)) return;
  const { [normalise(email)]: _forgotten, ...rest } = proofs;
  writeEntry(storage, REMEMBERED_DEVICES_KEY, rest, now);
}
