// Astro client directive `client:interaction` (registered in astro.config.mjs): an island whose
// server HTML already works (the donation form posts without JavaScript) loads its script only
// when the visitor first touches it — a pointer, a key, a focus inside it — so a page ships no
// island JavaScript before interaction (issue 12: ≤ 15 KB gzip on first load). What the visitor
// did before the script arrived stays in the DOM; the island reads it back when it mounts.
import type { ClientDirective } from 'astro';

const EVENTS = ['pointerdown', 'focusin', 'keydown', 'touchstart', 'input'] as const;

const hydrateOnInteraction: ClientDirective = (load, _options, el) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    for (const name of EVENTS) el.removeEventListener(name, start, true);
    const hydrate = await load();
    await hydrate();
  };
  for (const name of EVENTS) el.addEventListener(name, start, { capture: true, passive: true });
};

export default hydrateOnInteraction;
