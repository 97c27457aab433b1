import { describe, expect, it } from 'vitest';
import { parsePointForm, parseQueueForm } from './queue-setup-rules';

const QUEUE = '0b7a3c1e-1d2f-4a5b-9c8d-7e6f5a4b3c2d';

describe('parseQueueForm', () => {
  it('takes one or two letters, upper-cases them and tidies the names', () => {
    const parsed = parseQueueForm({ prefix: ' rx ', name_en: '  Pharmacy   pickup ', kiosk: 'on' });
    expect(parsed).toEqual({
      ok: true,
      value: { prefix: 'RX', name: { en: 'Pharmacy pickup', ms: '', id: '' }, kiosk: true },
    });
    expect(parseQueueForm({ prefix: 'B', name_ms: 'Doktor' })).toMatchObject({ ok: true, value: { kiosk: false } });
  });

  it('refuses bad prefixes and names with the reason', () => {
    for (const prefix of ['', 'ABC', 'A1', '1', 'É', 'A-']) {
      expect(parseQueueForm({ prefix, name_en: 'X' })).toEqual({ ok: false, key: 'queue.setup.error.prefix' });
    }
    expect(parseQueueForm({ prefix: 'A', name_en: ' ', name_ms: '' })).toEqual({
      ok: false,
      key: 'queue.setup.error.name',
    });
    expect(parseQueueForm({ prefix: 'A', name_en: 'ok', name_id: 'x'.repeat(61) })).toEqual({
      ok: false,
      key: 'queue.setup.error.nameLength',
    });
    expect(parseQueueForm({ prefix: 'A', name_en: 'x'.repeat(60) }).ok).toBe(true);
  });
});

describe('parsePointForm', () => {
  it('takes a kind, an optional number 1–99 and a queue id', () => {
    expect(parsePointForm({ kind: 'room', number: '2', queueId: QUEUE })).toEqual({
      ok: true,
      value: { kind: 'room', number: 2, queueId: QUEUE },
    });
    expect(parsePointForm({ kind: 'pharmacy', number: ' ', queueId: QUEUE })).toMatchObject({
      ok: true,
      value: { number: null },
    });
  });

  it('refuses anything else with the reason', () => {
    expect(parsePointForm({ kind: 'desk', queueId: QUEUE })).toEqual({ ok: false, key: 'queue.setup.error.kind' });
    for (const number of ['0', '100', '-1', '2.5', 'two']) {
      expect(parsePointForm({ kind: 'room', number, queueId: QUEUE })).toEqual({
        ok: false,
        key: 'queue.setup.error.number',
      });
    }
    expect(parsePointForm({ kind: 'room', number: '1', queueId: 'nope' })).toEqual({
      ok: false,
      key: 'queue.setup.error.queue',
    });
  });
});
