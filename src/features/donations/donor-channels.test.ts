import { describe, expect, it } from 'vitest';
import { donorChannels, receiptChannel } from './donor-channels';

describe('how a donor is reached (issue 23)', () => {
  it('sends a receipt by e-mail when the donor gave one, else by SMS to the phone', () => {
    expect(receiptChannel({ phone: '60123456789', email: 'siti@example.com' })).toEqual({
      channel: 'email',
      destination: 'siti@example.com',
    });
    expect(receiptChannel({ phone: '60123456789', email: null })).toEqual({
      channel: 'sms',
      destination: '60123456789',
    });
    expect(receiptChannel({ phone: null, email: null })).toBeNull();
  });

  it('lists every channel given, leaving out what the outbox would refuse', () => {
    expect(donorChannels({ phone: '+62 812-3456-7890', email: 'a@example.com' })).toEqual([
      { channel: 'sms', destination: '+6281234567890' },
      { channel: 'email', destination: 'a@example.com' },
    ]);
    expect(donorChannels({ phone: '012', email: 'not-an-address' })).toEqual([]);
  });
});
