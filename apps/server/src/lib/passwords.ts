import { readFileSync } from 'node:fs';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** OWASP's argon2id parameters: 19 MiB, 2 iterations, 1 lane. */
const ARGON2ID = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON2ID);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash that never matches, verified for unknown usernames so both cases take the same time. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword('mms-no-such-user-' + Math.random()));

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  if (!common) {
    const text = readFileSync(new URL('../../src/lib/common-passwords.txt', import.meta.url), 'utf8');
    common = new Set(text.split('\n').filter((l) => l && !l.startsWith('#')));
  }
  return common;
}

export const commonPasswordCount = () => commonPasswords().size;

/** Why a new password is refused, in Indonesian, or null when it is acceptable. */
export function passwordProblem(password: string, username?: string): string | null {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return 'Kata sandi terlalu umum, pilih yang lain';
  if (username && lower.includes(username.toLowerCase())) return 'Kata sandi tidak boleh memuat nama pengguna';
  return null;
}
