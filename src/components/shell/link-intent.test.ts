// @vitest-environment jsdom
// @vitest-environment-options {"url": "https://klinik.example/"}
import { describe, expect, it } from 'vitest';
import { leavesWindow, routedLink } from './link-intent';

const ORIGIN = 'https://klinik.example';
const plain = { button: 0, metaKey: false, ctrlKey: false, altKey: false, shiftKey: false, defaultPrevented: false };

function anchor(html: string): Element {
  document.body.innerHTML = html;
  return document.body.querySelector('[data-target]') ?? (document.body.firstElementChild as Element);
}

describe('which clicks the view-transition router takes (the ClientRouter’s rules)', () => {
  it('takes a plain left click on a link of this site, from any element inside it', () => {
    expect(routedLink(anchor('<a href="/appointment">x</a>'), plain, ORIGIN)?.getAttribute('href')).toBe(
      '/appointment',
    );
    expect(routedLink(anchor('<a href="/ms/"><span data-target>x</span></a>'), plain, ORIGIN)).not.toBeNull();
  });
  it('leaves to the browser: other sites, reload marks, downloads, other targets, modified clicks', () => {
    for (const html of [
      '<a href="https://other.example/">x</a>',
      '<a href="/locale/ms" data-astro-reload>x</a>',
      '<a href="/invoices/x/pdf" download>x</a>',
      '<a href="/appointment" target="_blank">x</a>',
      '<a>no href</a>',
      '<button>not a link</button>',
    ]) {
      expect(routedLink(anchor(html), plain, ORIGIN), html).toBeNull();
    }
    const link = anchor('<a href="/appointment">x</a>');
    for (const modified of [
      { metaKey: true },
      { ctrlKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
    ]) {
      expect(leavesWindow({ ...plain, ...modified })).toBe(true);
      expect(routedLink(link, { ...plain, ...modified }, ORIGIN)).toBeNull();
    }
    expect(routedLink(link, { ...plain, defaultPrevented: true }, ORIGIN)).toBeNull();
    expect(routedLink(anchor('<a href="/x" target="_self">x</a>'), plain, ORIGIN)).not.toBeNull();
  });
});
