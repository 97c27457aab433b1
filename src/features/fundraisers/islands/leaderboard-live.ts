import { READY, subscribe } from '#components/realtime/realtime-client.ts';
import { apiCall } from '#lib/api-client.ts';
import { type Currency, formatMoney } from '#lib/money.ts';
import type { FundraiserTotalsMessage } from '../fundraiser-channel';
import { goalPercent } from '../fundraiser-rules';
import { LeaderboardResponse, type LeaderboardRow } from '../leaderboard-answer';
import { boardStep } from '../live-board';

// Live fundraisers (issues 13, 25): a leaderboard renders its page of entries from the message
// after each gift through a fundraiser of its campaign (`fundraisers` on `campaign:{publicId}`),
// refetching only after a gap in the stream (live-board.ts), and a fundraiser page updates its own
// raised / donors / progress from the message. Texts only (textContent): names
// typed by supporters are never HTML.

interface BoardConfig {
  channel: string;
  api: string;
  offset: number;
  limit: number;
  currency: Currency;
  base: string;
  labels: { donors: string; verified: string };
}
interface PageConfig {
  channel: string;
  fundraiserId: string;
  currency: Currency;
  goalMinor: number | null;
}

const stops: (() => void)[] = [];

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function renderRows(root: HTMLElement, config: BoardConfig, rows: LeaderboardRow[]) {
  const list = root.querySelector<HTMLOListElement>('[data-leaderboard-list]');
  const template = list?.querySelector<HTMLLIElement>('[data-fundraiser-entry]');
  if (!list) return;
  const items = rows.map((row) => {
    // Reuse the server's markup (its classes) when there is one; else plain elements.
    const item = (template?.cloneNode(true) as HTMLLIElement | undefined) ?? el('li', '');
    item.dataset.fundraiserEntry = row.id;
    const rank = item.querySelector('[data-rank]');
    if (rank) rank.textContent = String(row.rank);
    const name = item.querySelector<HTMLAnchorElement>('[data-name]');
    if (name) {
      name.textContent = row.name;
      name.href = `${config.base}/${row.slug}`;
    }
    const subtitle = item.querySelector('[data-subtitle]');
    if (subtitle) subtitle.textContent = row.teamName ? `${row.title} · ${row.teamName}` : row.title;
    const badge = item.querySelector<HTMLElement>('[data-verified]');
    if (badge) badge.hidden = !row.verified;
    const raised = item.querySelector('[data-raised]');
    if (raised) raised.textContent = formatMoney(row.raisedMinor, config.currency);
    const donors = item.querySelector('[data-donors]');
    if (donors) donors.textContent = String(row.donorCount);
    if (!template) item.textContent = `${row.rank}. ${row.name} ${formatMoney(row.raisedMinor, config.currency)}`;
    return item;
  });
  if (items.length > 0) list.replaceChildren(...items);
  root.dataset.leaderboardUpdated = String(Date.now());
}

function startBoard(root: HTMLElement) {
  const config = JSON.parse(root.dataset.leaderboardLive ?? '{}') as BoardConfig;
  const entries = root.querySelectorAll<HTMLElement>('[data-fundraiser-entry]');
  const state = { asOf: 0, shown: [...entries].map((entry) => entry.dataset.fundraiserEntry ?? '') };
  const show = (rows: LeaderboardRow[]) => {
    state.shown = rows.map((row) => row.id);
    renderRows(root, config, rows);
  };
  const refresh = async () => {
    const answer = await apiCall(LeaderboardResponse, `${config.api}?offset=${config.offset}&limit=${config.limit}`, {
      failed: '',
      offline: '',
    });
    if (answer.ok) show(answer.data.fundraisers);
  };
  stops.push(
    subscribe(config.channel, (event, data) => {
      if (event === READY) root.dataset.liveReady = '1';
      const step = boardStep(config, state, event, data);
      if (step.kind === 'refetch') void refresh();
      if (step.kind === 'render') {
        state.asOf = step.asOf;
        show(step.rows);
      }
    }),
  );
}

function isTotals(data: unknown): data is FundraiserTotalsMessage {
  const d = data as Partial<FundraiserTotalsMessage> | null;
  return typeof d?.fundraiserId === 'string' && typeof d.raisedMinor === 'number' && typeof d.donorCount === 'number';
}

function startPage(root: HTMLElement) {
  const config = JSON.parse(root.dataset.fundraiserLive ?? '{}') as PageConfig;
  stops.push(
    subscribe(config.channel, (event, data) => {
      if (event === READY) root.dataset.liveReady = '1';
      if (event !== 'fundraisers' || !isTotals(data) || data.fundraiserId !== config.fundraiserId) return;
      for (const node of root.querySelectorAll('[data-raised]'))
        node.textContent = formatMoney(data.raisedMinor, config.currency);
      for (const node of root.querySelectorAll('[data-donors]')) node.textContent = String(data.donorCount);
      const percent = goalPercent(data.raisedMinor, config.goalMinor);
      const bar = root.querySelector<HTMLElement>('[data-progress]');
      if (bar && percent !== null) {
        bar.setAttribute('aria-valuenow', String(percent));
        const fill = bar.querySelector<HTMLElement>('[data-progress-fill]');
        if (fill) fill.style.width = `${percent}%`;
      }
    }),
  );
}

function start() {
  while (stops.length > 0) stops.pop()?.();
  for (const root of document.querySelectorAll<HTMLElement>('[data-leaderboard-live]')) startBoard(root);
  for (const root of document.querySelectorAll<HTMLElement>('[data-fundraiser-live]')) startPage(root);
}

document.addEventListener('astro:page-load', start);
document.addEventListener('astro:before-swap', () => {
  while (stops.length > 0) stops.pop()?.();
});
start();
