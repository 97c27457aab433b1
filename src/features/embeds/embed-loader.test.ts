// @vitest-environment jsdom
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBED_LOADER_BUDGET, embedFrameUrl, embedLoaderSource } from './embed-loader';

const booking = {
  en: 'Book an appointment with Klinik Sihat Bersama',
  ms: 'Tempah temu janji dengan Klinik Sihat Bersama',
  id: 'Buat janji temu dengan Klinik Sihat Bersama',
};
const titles = {
  booking,
  'donation-form': { en: 'Donate to Yayasan', ms: 'Derma kepada Yayasan', id: 'Berdonasi untuk Yayasan' },
  campaign: { en: 'A campaign of Yayasan', ms: 'Kempen Yayasan', id: 'Kampanye Yayasan' },
};

function paste(attributes: Record<string, string>): HTMLScriptElement {
  document.body.innerHTML = '<p id="before">Our clinic</p><p id="after">More</p>';
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.getElementById('before')?.after(script);
  // jsdom does not fetch scripts: run the loader's source as the browser would.
  new Function(embedLoaderSource(titles))();
  return script;
}

const frameOf = () => document.querySelector('iframe') as HTMLIFrameElement;

describe('the embed loader', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it(`stays within ${EMBED_LOADER_BUDGET} bytes of gzip (DESIGN.md §8), even with a long name`, () => {
    const long = 'Yayasan Kebajikan dan Perubatan Masyarakat Malaysia Berhad'.repeat(3);
    const source = embedLoaderSource({
      booking: { en: `Book with ${long}`, ms: `Tempah dengan ${long}`, id: `Pesan di ${long}` },
      'donation-form': { en: `Donate to ${long}`, ms: `Derma kepada ${long}`, id: `Berdonasi untuk ${long}` },
      campaign: { en: `A campaign of ${long}`, ms: `Kempen ${long}`, id: `Kampanye ${long}` },
    });
    const size = gzipSync(source, { level: 9 }).length;
    expect(size).toBeLessThanOrEqual(EMBED_LOADER_BUDGET);
  });

  it('puts a titled, full-width iframe of /appointment/embed right after its script tag', () => {
    const script = paste({ src: 'https://kliniksihat.my/embed.js', 'data-serambi-embed': '' });
    const frame = frameOf();
    expect(script.nextElementSibling).toBe(frame);
    expect(frame.src).toBe(`https://kliniksihat.my/appointment/embed?origin=${encodeURIComponent(location.origin)}`);
    expect(frame.title).toBe(booking.en);
    expect(frame.style.width).toBe('100%');
    expect(frame.style.border).toMatch(/^0|none/);
  });

  it('opens the Malay or Indonesian embed when data-locale says so', () => {
    paste({ src: 'https://kliniksihat.my/embed.js', 'data-serambi-embed': '', 'data-locale': 'ms' });
    expect(frameOf().src).toMatch(/^https:\/\/kliniksihat\.my\/ms\/appointment\/embed\?origin=/);
    expect(frameOf().title).toBe(booking.ms);
    paste({ src: 'https://kliniksihat.my/embed.js', 'data-serambi-embed': '', 'data-locale': 'fr' });
    expect(frameOf().src).toMatch(/^https:\/\/kliniksihat\.my\/appointment\/embed\?/);
  });

  it('takes heights only from its own frame at our origin', () => {
    paste({ src: 'https://kliniksihat.my/embed.js', 'data-serambi-embed': '' });
    const frame = frameOf();
    const initial = frame.height;
    const send = (data: unknown, origin: string, source: Window | null) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
    send({ type: 'serambi:height', height: 900 }, 'https://evil.example', frame.contentWindow);
    send({ type: 'serambi:height', height: 900 }, 'https://kliniksihat.my', window);
    send({ type: 'other', height: 900 }, 'https://kliniksihat.my', frame.contentWindow);
    send({ type: 'serambi:height', height: -5 }, 'https://kliniksihat.my', frame.contentWindow);
    expect(frame.height).toBe(initial);
    send({ type: 'serambi:height', height: 812.4 }, 'https://kliniksihat.my', frame.contentWindow);
    expect(frame.height).toBe('813');
    expect(frame.style.height).toBe('813px');
  });

  it('inserts one frame per script tag, even when run twice', () => {
    paste({ src: 'https://kliniksihat.my/embed.js', 'data-serambi-embed': '' });
    new Function(embedLoaderSource(titles))();
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('mounts the view data-kind names: the donation form or the campaign page of data-campaign', () => {
    paste({
      src: 'https://yayasan.my/embed.js',
      'data-serambi-embed': '',
      'data-kind': 'donation-form',
      'data-campaign': 'banjir-2026',
    });
    expect(frameOf().src).toBe(
      `https://yayasan.my/donation/banjir-2026/embed-form?origin=${encodeURIComponent(location.origin)}`,
    );
    expect(frameOf().title).toBe(titles['donation-form'].en);
    paste({
      src: 'https://yayasan.my/embed.js',
      'data-serambi-embed': '',
      'data-kind': 'campaign',
      'data-campaign': 'banjir-2026',
      'data-locale': 'id',
    });
    expect(frameOf().src).toMatch(/^https:\/\/yayasan\.my\/id\/donation\/banjir-2026\/embed-page\?origin=/);
    expect(frameOf().title).toBe(titles.campaign.id);
  });

  it('inserts nothing and warns once for an unknown kind or a donation kind without a campaign', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      paste({ src: 'https://yayasan.my/embed.js', 'data-serambi-embed': '', 'data-kind': 'queue-board' });
      expect(document.querySelector('iframe')).toBeNull();
      expect(warn).toHaveBeenCalledTimes(1);
      paste({ src: 'https://yayasan.my/embed.js', 'data-serambi-embed': '', 'data-kind': 'toString' });
      expect(document.querySelector('iframe')).toBeNull();
      paste({ src: 'https://yayasan.my/embed.js', 'data-serambi-embed': '', 'data-kind': 'donation-form' });
      expect(document.querySelector('iframe')).toBeNull();
      expect(warn).toHaveBeenCalledTimes(3);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('the frame address of each kind', () => {
  const parent = 'https://partner.example';
  const cases = [
    ['booking', 'en', null, 'https://k.my/appointment/embed'],
    ['booking', 'ms', null, 'https://k.my/ms/appointment/embed'],
    ['booking', 'id', 'ignored', 'https://k.my/id/appointment/embed'],
    ['donation-form', 'en', 'banjir-2026', 'https://k.my/donation/banjir-2026/embed-form'],
    ['donation-form', 'ms', 'banjir-2026', 'https://k.my/ms/donation/banjir-2026/embed-form'],
    ['donation-form', 'id', 'banjir-2026', 'https://k.my/id/donation/banjir-2026/embed-form'],
    ['campaign', 'en', 'c-1', 'https://k.my/donation/c-1/embed-page'],
    ['campaign', 'ms', 'c-1', 'https://k.my/ms/donation/c-1/embed-page'],
    ['campaign', 'id', 'c-1', 'https://k.my/id/donation/c-1/embed-page'],
    ['campaign', 'fr', 'c-1', 'https://k.my/donation/c-1/embed-page'],
  ] as const;

  it.each(cases)('%s in %s (campaign %s) → %s', (kind, locale, campaign, path) => {
    expect(embedFrameUrl('https://k.my', kind, locale, campaign, parent)).toBe(
      `${path}?origin=${encodeURIComponent(parent)}`,
    );
  });

  it('is null for an unknown kind, or a donation kind without a plain campaign id', () => {
    expect(embedFrameUrl('https://k.my', 'queue', 'en', 'c-1', parent)).toBeNull();
    expect(embedFrameUrl('https://k.my', 'donation-form', 'en', null, parent)).toBeNull();
    expect(embedFrameUrl('https://k.my', 'campaign', 'en', '', parent)).toBeNull();
    expect(embedFrameUrl('https://k.my', 'campaign', 'en', '../../staff', parent)).toBeNull();
    expect(embedFrameUrl('https://k.my', 'donation-form', 'en', 'a?b=1', parent)).toBeNull();
  });
});
