import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt from node:crypto: memory-hard, no native add-on to build. Parameters live in the hash
// so they can be raised later without breaking existing passwords.
const PARAMS = { N: 2 ** 15, r: 8, p: 1, keylen: 64 };

function derive(password: string, salt: Buffer, params: typeof PARAMS): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, params.keylen, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * A real hash of a password nobody knows, made once: an unknown account (or one without a
 * password yet) is checked against it along the same path as a real one, at the same cost, so
 * neither the answer nor its timing tells the two apart.
 */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const real = isPasswordHash(stored);
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  const [, n, r, p, salt, hash] = (real ? stored : await dummyHash).split('$') as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    keylen: expected.length,
  });
  const same = key.length === expected.length && timingSafeEqual(key, expected);
  return real && same;
}

function isPasswordHash(stored: string | null): stored is string {
  const parts = stored?.split('$') ?? [];
  return parts.length === 6 && parts[0] === 'scrypt';
}
