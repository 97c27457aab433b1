// @vitest-environment jsdom
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { EMBED_LOADER_BUDGET, embedLoaderSource } from './embed-loader';

const titles = {
  en: 'Book an appointment with Klinik Sihat Bersama',
  ms: 'Tempah temu janji dengan Klinik Sihat Bersama',
  id: 'Buat janji temu dengan Klinik Sihat Bersama',
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
    const source = embedLoaderSource({ en: `Book with ${long}`, ms: `Tempah dengan ${long}`, id: `Pesan di ${long}` });
    const size = gzipSync(source, { level: 9 }).length;
    expect(size).toBeLessThanOrEqual(EMBED_LOADER_BUDGET);
  });

  it('puts a titled, full-width iframe of /appointment/embed right after its script tag', () => {
    const script = paste({ src: 'https://kliniksihat.my/embed.js', 'data-serambi-embed': '' });
    const frame = frameOf();
    expect(script.nextElementSibling).toBe(frame);
    expect(frame.src).toBe(`https://kliniksihat.my/appointment/embed?origin=${encodeURIComponent(location.origin)}`);
    expect(frame.title).toBe(titles.en);
    expect(frame.style.width).toBe('100%');
    expect(frame.style.border).toMatch(/^0|none/);
  });

  it('opens the Malay or Indonesian embed when data-locale says so', () => {
    paste({ src: 'https://kliniksihat.my/embed.js', 'data-serambi-embed': '', 'data-locale': 'ms' });
    expect(frameOf().src).toMatch(/^https:\/\/kliniksihat\.my\/ms\/appointment\/embed\?origin=/);
    expect(frameOf().title).toBe(titles.ms);
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
});
