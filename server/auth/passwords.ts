import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';

/**
 * One stand-in hash per cost, made on first use from random bytes nobody knows, so no password
 * matches it. Comparing against it costs what comparing against a real hash of that cost costs.
 */
const standInHashes = new Map<number, Promise<string>>();

function standInHash(cost: number): Promise<string> {
  let hash = standInHashes.get(cost);
  if (!hash) {
    hash = bcrypt.hash(randomBytes(32).toString('base64'), cost);
    standInHashes.set(cost, hash);
  }
  return hash;
}

/**
 * Whether `password` matches `hash`. Exactly one bcrypt comparison runs whatever the account:
 * with no hash (no such address, a deleted user, an anonymous or OAuth-only one) the password is
 * compared with a stand-in hash of `cost` and the answer is false, so a refused sign-in takes as
 * long for an unknown address as for a known one and its timing does not tell which it was.
 */
export async function passwordMatches(password: string, hash: string | null | undefined, cost: number): Promise<boolean> {
  if (!hash) {
    await bcrypt.compare(password, await standInHash(cost));
    return false;
  }
  return bcrypt.compare(password, hash);
}
