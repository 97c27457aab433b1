import { describe, expect, it } from 'vitest';
import { HttpError, messageOf, statusOf } from './http-error';

describe('error status and message (SPEC.md §2)', () => {
  it('takes the status from the error, else 500', () => {
    expect(statusOf(new HttpError(403, 'No'))).toBe(403);
    expect(statusOf({ statusCode: 409 })).toBe(409);
    expect(statusOf(new Error('x'))).toBe(500);
    expect(statusOf({ status: 200 })).toBe(500);
    expect(statusOf(undefined)).toBe(500);
  });
  it('shows the message, or none so the page says "An error occured"', () => {
    expect(messageOf(new HttpError(410, 'Campaign closed'))).toBe('Campaign closed');
    expect(messageOf(new HttpError(500))).toBeNull();
    expect(messageOf('  ')).toBeNull();
  });
});
