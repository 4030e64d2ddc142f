import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id settings: 19 MiB, 2 passes, 1 lane. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** argon2id hash of a password or a one-time code. */
export function hashSecret(secret: string): Promise<string> {
  return hash(secret, ARGON2);
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether `secret` matches `secretHash`. Without a hash (no such user, no code pending) it
 * verifies against a throwaway hash and answers false, so timing does not tell which it was.
 */
export async function verifySecret(secretHash: string | undefined, secret: string): Promise<boolean> {
  if (!secretHash) {
    dummyHash ??= hashSecret('no-such-user-Aa1@');
    await verify(await dummyHash, secret).catch(() => false);
    return false;
  }
  return verify(secretHash, secret).catch(() => false);
}
