import { beforeEach, describe, expect, it } from 'vitest';
import { $lead, captureLead, LEAD_KEY, leadFromUrl, parseLead } from './lead';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('lead', () => {
  beforeEach(() => $lead.set(null));

  it('reads the campaign parameters of a URL', () => {
    const url =
      'https://klinik.my/donation/1?utm_source=fb&utm_medium=cpc&utm_campaign=raya&utm_term=zakat&utm_content=v2&fbclid=F1&ttclid=T1&gclid=G1&other=x';
    expect(leadFromUrl(url)).toEqual({
      utm_source: 'fb',
      utm_medium: 'cpc',
      utm_campaign: 'raya',
      utm_term: 'zakat',
      utm_content: 'v2',
      fbclid: 'F1',
      ttclid: 'T1',
      gclid: 'G1',
    });
    expect(leadFromUrl(new URL('https://klinik.my/?utm_source=&x=1'))).toEqual({});
  });

  it('captures once per session from the first landing URL', () => {
    const storage = memoryStorage();
    expect(captureLead('https://klinik.my/?utm_source=tiktok&ttclid=abc', storage)).toEqual({
      utm_source: 'tiktok',
      ttclid: 'abc',
    });
    expect(JSON.parse(storage.data.get(LEAD_KEY) ?? '{}')).toEqual({ utm_source: 'tiktok', ttclid: 'abc' });
    // A later page in the same session, even with other parameters, keeps the first lead.
    expect(captureLead('https://klinik.my/donation?utm_source=google&gclid=g', storage)).toEqual({
      utm_source: 'tiktok',
      ttclid: 'abc',
    });
    expect($lead.get()).toEqual({ utm_source: 'tiktok', ttclid: 'abc' });
  });

  it('a landing without parameters still counts as the first landing', () => {
    const storage = memoryStorage();
    expect(captureLead('https://klinik.my/', storage)).toEqual({});
    expect(captureLead('https://klinik.my/?utm_source=late', storage)).toEqual({});
  });

  it('restores the session lead after a reload', () => {
    const storage = memoryStorage();
    storage.setItem(LEAD_KEY, JSON.stringify({ gclid: 'G' }));
    expect(captureLead('https://klinik.my/?gclid=other', storage)).toEqual({ gclid: 'G' });
  });

  it('ignores tampered storage and caps long values', () => {
    const storage = memoryStorage();
    storage.setItem(LEAD_KEY, '{"gclid": 5}');
    const long = 'x'.repeat(2000);
    const lead = captureLead(`https://klinik.my/?fbclid=${long}`, storage);
    expect(lead.fbclid).toHaveLength(500);
  });

  it('reads back only what captureLead writes', () => {
    expect(parseLead({ utm_source: 'fb', other: 'x' })).toEqual({ utm_source: 'fb' });
    expect(parseLead({})).toEqual({});
    for (const bad of [null, 'fb', [], { gclid: 5 }, { fbclid: 'x'.repeat(501) }]) expect(parseLead(bad)).toBeNull();
  });

  it('works without storage (server, blocked storage)', () => {
    expect(captureLead('https://klinik.my/?utm_medium=email', undefined)).toEqual({ utm_medium: 'email' });
  });
});
