import { describe, expect, it } from 'vitest';
import {
  createMessage,
  decodeMessage,
  encodeMessage,
  MAX_MESSAGE_BYTES,
  messageIdGenerator,
  realmFor,
} from './message';

const at = new Date('2030-01-02T03:04:05.000Z');

describe('message envelope', () => {
  it('carries id, realm, channel, event, data and time', () => {
    const { message, trimmed } = createMessage({
      id: 'i1-1',
      tenantId: 't1',
      channel: 'invoice:abc',
      event: 'status',
      data: { status: 'paid', when: at },
      at,
    });
    expect(trimmed).toBe(false);
    expect(message).toEqual({
      id: 'i1-1',
      realm: 'tenant:t1',
      channel: 'invoice:abc',
      event: 'status',
      data: { status: 'paid', when: '2030-01-02T03:04:05.000Z' },
      at: '2030-01-02T03:04:05.000Z',
    });
    expect(realmFor('t1')).toBe('tenant:t1');
  });

  it('throws for bad names: a programming error, not a visitor error', () => {
    const base = { id: 'i-1', tenantId: 't1', channel: 'queue:main', event: 'called', data: null, at };
    expect(() => createMessage({ ...base, channel: 'queue' })).toThrow(TypeError);
    expect(() => createMessage({ ...base, event: 'realtime.ready' })).toThrow(TypeError);
    expect(() => createMessage({ ...base, tenantId: 'a:b' })).toThrow(TypeError);
  });

  it('drops the data of a message too big for NOTIFY, keeping the event', () => {
    const { message, trimmed } = createMessage({
      id: 'i-1',
      tenantId: 't1',
      channel: 'queue:main',
      event: 'board',
      data: { text: 'x'.repeat(MAX_MESSAGE_BYTES) },
      at,
    });
    expect(trimmed).toBe(true);
    expect(message.data).toBeNull();
    expect(message.event).toBe('board');
  });

  it('counts bytes, not characters (multi-byte text)', () => {
    const text = 'é'.repeat(MAX_MESSAGE_BYTES / 2);
    expect(
      createMessage({ id: 'i-1', tenantId: 't1', channel: 'queue:main', event: 'x', data: text, at }).trimmed,
    ).toBe(true);
  });

  it('gives increasing, instance-unique ids', () => {
    const next = messageIdGenerator('abc');
    expect([next(), next(), next()]).toEqual(['abc-1', 'abc-2', 'abc-3']);
    const other = messageIdGenerator('def');
    expect(other()).toBe('def-1');
  });

  it('decodes what it encodes and ignores payloads that are not ours', () => {
    const { message } = createMessage({
      id: 'i-9',
      tenantId: 't1',
      channel: 'queue:main',
      event: 'called',
      data: 5,
      at,
    });
    expect(decodeMessage(encodeMessage(message))).toEqual(message);
    expect(decodeMessage('not json')).toBeUndefined();
    expect(decodeMessage('42')).toBeUndefined();
    expect(decodeMessage(JSON.stringify({ ...message, channel: 'bad' }))).toBeUndefined();
    expect(decodeMessage(JSON.stringify({ ...message, event: 'a\nb' }))).toBeUndefined();
    expect(decodeMessage(JSON.stringify({ ...message, realm: 'other' }))).toBeUndefined();
  });
});
