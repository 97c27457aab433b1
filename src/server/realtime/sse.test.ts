import { describe, expect, it } from 'vitest';
import { formatMessageEvent, formatSseComment, formatSseEvent, formatSseRetry } from './sse';

describe('SSE formatting', () => {
  it('writes id, event and one JSON data line, ended by a blank line', () => {
    expect(formatSseEvent({ id: 'a-1', event: 'status', data: { status: 'paid' } })).toBe(
      'id: a-1\nevent: status\ndata: {"status":"paid"}\n\n',
    );
    expect(formatSseEvent({ data: null })).toBe('data: null\n\n');
  });

  it('keeps line breaks in data inside the JSON, never as new fields', () => {
    const text = formatSseEvent({ event: 'note', data: 'line one\nid: forged\n\ndata: x' });
    expect(text.split('\n').filter((line) => line !== '')).toEqual([
      'event: note',
      'data: "line one\\nid: forged\\n\\ndata: x"',
    ]);
  });

  it('flattens line breaks in ids and names as a last line of defence', () => {
    expect(formatSseEvent({ id: 'a\nb', event: 'x\r\ny', data: 1 })).toBe('id: a b\nevent: x  y\ndata: 1\n\n');
  });

  it('writes comments and the retry interval', () => {
    expect(formatSseComment('ping')).toBe(': ping\n\n');
    expect(formatSseRetry(3000)).toBe('retry: 3000\n\n');
  });

  it('puts the event name outside and the channel inside a message event', () => {
    expect(
      formatMessageEvent({
        id: 'i-7',
        realm: 'tenant:t1',
        channel: 'invoice:abc',
        event: 'status',
        data: { status: 'paid' },
        at: '2030-01-01T00:00:00.000Z',
      }),
    ).toBe(
      'id: i-7\nevent: status\ndata: {"channel":"invoice:abc","data":{"status":"paid"},"at":"2030-01-01T00:00:00.000Z"}\n\n',
    );
  });
});
