import { createHash, randomBytes, randomInt } from 'node:crypto';
import { formatCode } from './login-code';

/** A random 256-bit token for cookies and invitation links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and codes are stored only as their sha256. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newLoginCode(): string {
  return formatCode(randomInt(0, 1_000_000));
}

/** The stored hash of a code binds it to its own row, so equal codes never share a hash. */
export function codeHash(codeId: string, code: string): string {
  return sha256(`${codeId}:${code}`);
}
