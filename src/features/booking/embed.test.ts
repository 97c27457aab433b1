import { describe, expect, it } from 'vitest';
import { cleanEmbedOrigins, embedTargetOrigin, normaliseOrigin } from './embed';

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
