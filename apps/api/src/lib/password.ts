import { hash, verify } from '@node-rs/argon2';

/** OWASP Argon2id settings: 19 MiB, 2 passes, 1 lane. `2` is Algorithm.Argon2id (a const enum). */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes what the browser sent (already a PBKDF2 output) for storage. */
export function hashPassword(clientHash: string): Promise<string> {
  return hash(clientHash, ARGON2ID);
}

export function verifyPassword(stored: string, clientHash: string): Promise<boolean> {
  return verify(stored, clientHash).catch(() => false);
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throw-away hash so that unknown identifiers take as long as known ones. */
export async function burnPasswordCheck(clientHash: string): Promise<void> {
  dummyHash ??= hashPassword('timing-equaliser');
  await verifyPassword(await dummyHash, clientHash);
}
