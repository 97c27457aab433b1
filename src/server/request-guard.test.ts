import { describe, expect, it } from 'vitest';
import { translator } from '#i18n/t.ts';
import { refusalOf, refusalResponse } from './request-guard';

const at = (path: string) => new URL(`http://klinik.localhost${path}`);

describe('refusalOf: the first step of every request', () => {
  it('lets ordinary requests through', () => {
    expect(refusalOf('GET', at('/ms/appointment/general-consultation?date=2026-11-26'))).toBeNull();
    expect(refusalOf('POST', at('/staff/embed'))).toBeNull();
    expect(refusalOf('GET', at('/invoices/abc%20def/appointment'))).toBeNull();
  });

  it('refuses methods no route answers with 405 (TRACE reaches the app as X-TRACE)', () => {
    for (const method of ['X-TRACE', 'FOO', 'PROPFIND', 'CONNECT']) {
      expect(refusalOf(method, at('/'))).toEqual({ status: 405, key: 'error.method' });
    }
  });

  it('refuses a path that does not decode or holds NUL or control characters', () => {
    for (const path of ['/pay/sandbox/a%00b', '/appointment/%ZZ', '/appointment/%C0%AF', '/x/%0Ay']) {
      expect(refusalOf('GET', at(path))).toEqual({ status: 400, key: 'error.badUrl' });
    }
  });

  it('refuses an address the front door (scripts/serve.mjs) could not decode', () => {
    const marked = new Headers({ 'x-serambi-front-door': 'undecodable-url' });
    expect(refusalOf('GET', at('/ms/'), marked)).toEqual({ status: 400, key: 'error.badUrl' });
  });

  it('refuses NUL in the query, and an overlong address', () => {
    expect(refusalOf('GET', at('/appointment?booking=%00'))).toEqual({ status: 400, key: 'error.badInput' });
    // Endpoints check their query with their own schema, for a message naming the field.
    expect(refusalOf('GET', at('/api/shipping/postcodes?postcode=%00'), undefined, true)).toBeNull();
    expect(refusalOf('GET', at(`/appointment?next=${'a'.repeat(9000)}`))).toEqual({
      status: 414,
      key: 'error.urlTooLong',
    });
  });

  it('answers in the visitor’s language: JSON for endpoints, a page otherwise', async () => {
    const api = refusalResponse({ status: 405, key: 'error.method' }, translator('ms'), 'ms', true);
    expect(api.status).toBe(405);
    expect(api.headers.get('allow')).toContain('POST');
    expect(await api.json()).toEqual({ error: translator('ms')('error.method') });
    const page = refusalResponse({ status: 400, key: 'error.badUrl' }, translator('id'), 'id', false);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain(translator('id')('error.badUrl'));
  });
});
