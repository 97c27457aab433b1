import { describe, expect, it } from 'vitest';
import { keepEmbed, embedLink as linkWith } from './embed-links';
import { cleanEmbedOrigins, embedTargetOrigin, normaliseOrigin, parseOriginLines } from './embed-origins';
import { staysFramed } from './embed-routes';

/** The embed layout's rule: pages the route table lets stay in the frame. */
const embedLink = (href: string, current: string) => linkWith(href, current, staysFramed);

describe('embed origins', () => {
  it('keeps the origin of an http(s) URL, lower-cased, without path', () => {
    expect(normaliseOrigin('https://Example.org/book?x=1')).toBe('https://example.org');
    expect(normaliseOrigin(' http://host.localhost:4496 ')).toBe('http://host.localhost:4496');
    expect(normaliseOrigin('https://example.org:443')).toBe('https://example.org');
  });

  it('refuses anything a CSP header or postMessage could misread', () => {
    for (const bad of [
      '*',
      'https://*.example.org',
      "'self'",
      'example.org',
      'javascript:alert(1)',
      'ftp://example.org',
      'https://user:pw@example.org',
      'https://a.example; script-src *',
      'https://a;b.example',
      'data:text/html,x',
      '',
      42,
      null,
    ]) {
      expect(normaliseOrigin(bad), String(bad)).toBeNull();
    }
  });

  it('cleans a stored list: valid origins once each, at most 20', () => {
    expect(cleanEmbedOrigins(['https://a.example/', 'https://A.example', 'nope', 'http://b.example:8080'])).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(cleanEmbedOrigins('https://a.example')).toEqual([]);
    expect(cleanEmbedOrigins(Array.from({ length: 30 }, (_, i) => `https://s${i}.example`))).toHaveLength(20);
  });

  it('posts the height only to an allowed parent origin: the loader’s param, else the referrer', () => {
    const allowed = ['https://clinic.example', 'https://partner.example'];
    expect(embedTargetOrigin(allowed, 'https://partner.example', 'https://clinic.example/')).toBe(
      'https://partner.example',
    );
    expect(embedTargetOrigin(allowed, null, 'https://partner.example/page')).toBe('https://partner.example');
    expect(embedTargetOrigin(allowed, 'https://evil.example', 'https://partner.example/')).toBe(
      'https://partner.example',
    );
    expect(embedTargetOrigin(allowed, 'https://evil.example', 'https://evil.example/')).toBeNull();
    expect(embedTargetOrigin(allowed, undefined, '')).toBeNull();
    expect(embedTargetOrigin([], 'https://partner.example', null)).toBeNull();
  });
});

describe('links inside the embed', () => {
  const here = 'http://klinik.localhost:4321/ms/appointment/dental-scaling?embed=1&origin=http%3A%2F%2Fshop.localhost';

  it('keep booking steps framed, with the embed marks', () => {
    const link = embedLink('/ms/appointment/dental-scaling/form', here);
    expect(link?.newTab).toBe(false);
    const url = new URL(link?.href ?? '');
    expect(url.pathname).toBe('/ms/appointment/dental-scaling/form');
    expect(url.searchParams.get('embed')).toBe('1');
    expect(url.searchParams.get('origin')).toBe('http://shop.localhost');
    expect(new URL(embedLink('/appointment', here)?.href ?? '').searchParams.get('embed')).toBe('1');
  });

  it('send every other page to a new tab', () => {
    expect(embedLink('/ms/invoices/abc/appointment', here)).toEqual({
      href: 'http://klinik.localhost:4321/ms/invoices/abc/appointment',
      newTab: true,
    });
    expect(embedLink('https://example.org/appointment', here)?.newTab).toBe(true);
    expect(embedLink('/ms/appointmentx', here)?.newTab).toBe(true);
  });

  it('leave phone, mail and in-page links alone', () => {
    expect(embedLink('tel:+60312345678', here)).toBeNull();
    expect(embedLink('mailto:a@b.c', here)).toBeNull();
    expect(embedLink('#main', here)).toBeNull();
  });

  it('mark links of the embed list itself, which has only the origin', () => {
    const list = 'http://klinik.localhost:4321/appointment/embed?origin=http%3A%2F%2Fshop.localhost';
    expect(embedLink('/appointment/dental-scaling?embed=1', list)?.href).toBe(
      'http://klinik.localhost:4321/appointment/dental-scaling?embed=1&origin=http%3A%2F%2Fshop.localhost',
    );
  });

  it('leave island navigation alone outside the embed', () => {
    const plain = 'http://klinik.localhost:4321/appointment/dental-scaling';
    expect(keepEmbed('/appointment/x/checkout?booking=b1', plain)).toBe('/appointment/x/checkout?booking=b1');
  });

  it('keep the marks on paths islands navigate to', () => {
    expect(keepEmbed('/ms/appointment/x/checkout?booking=b1', here)).toBe(
      '/ms/appointment/x/checkout?booking=b1&embed=1&origin=http%3A%2F%2Fshop.localhost',
    );
  });
});

describe('the owner’s list of allowed sites', () => {
  it('keeps http(s) origins once each and reports every other line', () => {
    expect(
      parseOriginLines(
        'https://Partner.example/book\n\n  http://localhost:8080 \nhttps://partner.example\nftp://x.example\npartner.example\nhttps://*.example',
      ),
    ).toEqual({
      origins: ['https://partner.example', 'http://localhost:8080'],
      invalid: ['ftp://x.example', 'partner.example', 'https://*.example'],
      tooMany: false,
    });
    expect(parseOriginLines('')).toEqual({ origins: [], invalid: [], tooMany: false });
    const many = Array.from({ length: 21 }, (_, i) => `https://s${i}.example`).join('\n');
    expect(parseOriginLines(many).tooMany).toBe(true);
  });
});
