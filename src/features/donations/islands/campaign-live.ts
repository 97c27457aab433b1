import { READY, RESYNC, subscribe } from '#components/realtime/realtime-client.ts';
import { type Currency, formatMoney } from '#lib/money.ts';
import type { CampaignTotals } from '../campaign';
import { progressPercent } from '../campaign';
import { campaignTotalsApiPath } from '../paths';

// The campaign page's only script (the page is cached HTML): "Copy link", and the totals kept
// live from `campaign:{publicId}` — fetched once the subscription is ready (the cached HTML may be
// a minute old) and after missed messages, then updated from each `totals` message.

interface LiveConfig {
  channel: string;
  currency: Currency;
  goalMinor: number | null;
  progressText: string;
}

let unsubscribe: (() => void) | undefined;

function render(root: HTMLElement, config: LiveConfig, totals: CampaignTotals) {
  const raised = formatMoney(totals.raisedMinor, config.currency);
  for (const el of root.querySelectorAll<HTMLElement>('[data-raised]')) el.textContent = raised;
  for (const el of root.querySelectorAll<HTMLElement>('[data-donors]')) el.textContent = String(totals.donorCount);
  const percent = progressPercent({ raisedMinor: totals.raisedMinor, goalMinor: config.goalMinor });
  if (percent === null) return;
  for (const bar of root.querySelectorAll<HTMLElement>('[data-progress]')) {
    bar.setAttribute('aria-valuenow', String(percent));
    bar.setAttribute(
      'aria-valuetext',
      config.progressText.replace('{percent}', String(percent)).replace('{raised}', raised),
    );
    const fill = bar.querySelector<HTMLElement>('[data-progress-fill]');
    if (fill) fill.style.width = `${percent}%`;
  }
}

function isTotals(data: unknown): data is CampaignTotals {
  const d = data as Partial<CampaignTotals> | null;
  return typeof d?.raisedMinor === 'number' && typeof d.donorCount === 'number';
}

function start() {
  unsubscribe?.();
  unsubscribe = undefined;
  const root = document.querySelector<HTMLElement>('[data-campaign-page]');
  if (!root?.dataset.live) return;
  const config = JSON.parse(root.dataset.live) as LiveConfig;
  const publicId = root.dataset.campaignPage ?? '';
  // Live messages seen: an answer asked for before the latest one is older than what shows.
  let heard = 0;
  const refresh = async () => {
    const asked = heard;
    const response = await fetch(campaignTotalsApiPath(publicId)).catch(() => null);
    const data: unknown = response?.ok ? await response.json().catch(() => null) : null;
    if (isTotals(data) && heard === asked) render(root, config, data);
    // Live from here on (tests and the JS budget wait for it: the stream keeps the network busy).
    root.dataset.liveReady = '1';
  };
  unsubscribe = subscribe(config.channel, (event, data) => {
    if (event === 'totals' && isTotals(data)) {
      heard += 1;
      render(root, config, data);
    } else if (event === READY || event === RESYNC) void refresh();
  });
}

document.addEventListener('click', async (event) => {
  const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('[data-copy-link]') : null;
  if (!button) return;
  const url = button.dataset.copyLink ?? location.href;
  const status = button.closest('[data-share]')?.querySelector('[data-copy-status]');
  try {
    await navigator.clipboard.writeText(url);
    if (status) status.textContent = button.dataset.copied ?? '';
    button.dataset.done = '1';
  } catch {
    window.prompt('', url);
  }
});

document.addEventListener('astro:page-load', start);
document.addEventListener('astro:before-swap', () => {
  unsubscribe?.();
  unsubscribe = undefined;
});
start();
