import { describe, expect, it } from 'vitest';
import { queueTicketApiPath, queueTicketPath } from './paths';

describe('queue addresses', () => {
  it('builds the ticket page in its language and encodes odd segments', () => {
    expect(queueTicketPath('en', 'T1')).toBe('/queue/ticket/T1');
    expect(queueTicketPath('ms', 'a/b')).toBe('/ms/queue/ticket/a%2Fb');
    expect(queueTicketApiPath('x?y')).toBe('/api/queue/tickets/x%3Fy');
  });
});
