import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearRecentLogMessages, logTransport, RECENT_LOG_MESSAGES, recentLogMessages } from './log-transport.server';
import { aLoginCodeMessage } from './outbox-test-support';

const message = aLoginCodeMessage({ subject: 'Your Klinik Sihat Bersama login code' });

afterEach(() => {
  vi.restoreAllMocks();
  clearRecentLogMessages();
});

describe('log transport', () => {
  it('writes one line with the channel, masked destination, template and text (code included)', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    await logTransport.send(message);
    expect(write).toHaveBeenCalledTimes(1);
    const line = String(write.mock.calls[0]?.[0]);
    expect(line.trim().split('\n')).toHaveLength(1);
    const entry = JSON.parse(line);
    expect(entry).toMatchObject({ channel: 'sms', to: '60******789', template: 'login-code', text: message.text });
    expect(line).not.toContain('60123456789');
  });

  it('remembers the latest messages, newest first, up to its limit', async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    for (let i = 0; i < RECENT_LOG_MESSAGES + 5; i++) await logTransport.send({ ...message, id: `m${i}` });
    const recent = recentLogMessages();
    expect(recent).toHaveLength(RECENT_LOG_MESSAGES);
    expect(recent[0]).toMatchObject({ id: `m${RECENT_LOG_MESSAGES + 4}`, destination: '60123456789', tenantId: 't1' });
    expect(recent[0]?.text).toContain('123456');
  });
});
