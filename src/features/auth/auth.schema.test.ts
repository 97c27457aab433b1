import { describe, expect, it } from 'vitest';
import { RequestCodeBody } from './auth.schema';

describe('RequestCodeBody', () => {
  it('says "required" first for an empty phone, "invalid" for a wrong one: one error per field', () => {
    const empty = RequestCodeBody.safeParse({ channel: 'phone', phone: '' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('phone.required');
    const short = RequestCodeBody.safeParse({ channel: 'phone', phone: '6012' });
    expect(short.error?.issues[0]?.message).toBe('phone.invalid');
  });
});
