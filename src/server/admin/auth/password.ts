import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/* `scrypt$N$r$p$<salt>$<key>`: each hash carries its cost, so the cost can rise. */

const KEY_LENGTH = 64;
/** The cost of new hashes; a stored hash below it is upgraded. */
const DEFAULTS = { N: 2 ** 17, r: 8, p: 1 } as const;

type Cost = { N: number; r: number; p: number };

/** One scrypt at a time per process, so sign-ins in parallel never hold more than 128 MiB. */
let previous: Promise<unknown> = Promise.resolve();

function derive(password: string, salt: Buffer, options: Cost): Promise<Buffer> {
  const run = previous.then(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        // 128 * N * r bytes and a little more: Node refuses above 32 MiB unless told.
        const maxmem = 128 * options.N * options.r + 16 * 1024 * 1024;
        scrypt(password, salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
  previous = run.catch(() => undefined);
  return run;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, DEFAULTS);
  const { N, r, p } = DEFAULTS;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export function parseHash(hash: string): (Cost & { salt: Buffer; key: Buffer }) | undefined {
  const [scheme, N, r, p, salt, key] = hash.split('$');
  if (scheme !== 'scrypt' || !N || !r || !p || !salt || !key) return undefined;
  const parsed = {
    N: Number(N),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt, 'base64'),
    key: Buffer.from(key, 'base64'),
  };
  const valid =
    Number.isInteger(parsed.N) &&
    parsed.N > 1 &&
    (parsed.N & (parsed.N - 1)) === 0 &&
    parsed.r > 0 &&
    parsed.p > 0 &&
    parsed.salt.length >= 8 &&
    parsed.key.length >= 32;
  return valid ? parsed : undefined;
}

/** True when `password` matches `hash`; the comparison takes the same time whatever differs. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parsed = parseHash(hash);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, { N: parsed.N, r: parsed.r, p: parsed.p });
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when `hash` was made at a lower cost than new hashes get: hash the password again. */
export function needsRehash(hash: string): boolean {
  const parsed = parseHash(hash);
  return (
    parsed !== undefined && parsed.N * parsed.r * parsed.p < DEFAULTS.N * DEFAULTS.r * DEFAULTS.p
  );
}

/** 24 random bytes: 32 characters, 192 bits. */
export const generatePassword = (): string => randomBytes(24).toString('base64url');
