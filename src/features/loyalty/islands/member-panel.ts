import { apiCall, type ResponseSchema } from '#lib/api-client.ts';
import { isMemberPanelData, type MemberPanelData } from '../member-panel-data';

const MemberPanelAnswer: ResponseSchema<MemberPanelData> = {
  safeParse: (data) => (isMemberPanelData(data) ? { success: true, data } : { success: false }),
};

// The programme page's only script (the page is cached HTML, the same for everyone): asks who is
// looking and, for a member, fills in the balance, tier, expiring points and the newest page of
// the history; "Show older entries" (a button) appends the next page and moves focus to its first
// row. Text only (textContent), never markup.

function text(root: HTMLElement, selector: string, value: string) {
  const el = root.querySelector<HTMLElement>(selector);
  if (!el) return;
  el.textContent = value;
  el.hidden = value === '';
}

function historyRow(entry: MemberPanelData['history'][number]): HTMLTableRowElement {
  const row = document.createElement('tr');
  row.className = 'border-b border-gray-100 align-top';
  const when = document.createElement('td');
  when.className = 'py-2 pr-3 whitespace-nowrap';
  when.textContent = entry.when;
  const what = document.createElement('td');
  what.className = 'py-2 pr-3';
  what.append(entry.reason);
  for (const extra of [entry.source, entry.expires]) {
    if (!extra) continue;
    const span = document.createElement('span');
    span.className = 'block text-xs text-gray-700';
    span.textContent = extra;
    what.append(span);
  }
  const points = document.createElement('td');
  points.className = 'py-2 text-right tabular-nums font-medium';
  points.textContent = entry.points;
  row.append(when, what, points);
  return row;
}

function render(root: HTMLElement, data: MemberPanelData) {
  text(root, '[data-balance]', data.balance);
  text(root, '[data-tier]', data.tier);
  text(root, '[data-progress]', data.progress);
  const expiring = root.querySelector<HTMLElement>('[data-expiring]');
  const list = expiring?.querySelector('ul');
  if (expiring && list) {
    list.replaceChildren(
      ...data.expiring.map((line) => {
        const li = document.createElement('li');
        li.textContent = line;
        return li;
      }),
    );
    expiring.hidden = data.expiring.length === 0;
  }
  const table = root.querySelector<HTMLElement>('[data-history]');
  table?.querySelector('tbody')?.replaceChildren(...data.history.map(historyRow));
  if (table) table.hidden = data.history.length === 0;
  showMore(root, data.next);
  text(root, '[data-no-history]', data.history.length === 0 ? (root.dataset.noHistory ?? '') : '');
  for (const el of root.querySelectorAll<HTMLElement>('[data-for-visitor]')) el.hidden = true;
  for (const el of root.querySelectorAll<HTMLElement>('[data-for-member]')) el.hidden = false;
}

/** The "older entries" button: shown while a next page exists, remembering its cursor. */
function showMore(root: HTMLElement, next: string) {
  const button = root.querySelector<HTMLButtonElement>('[data-history-more]');
  if (!button) return;
  button.dataset.next = next;
  button.hidden = next === '';
}

async function loadMore(root: HTMLElement, button: HTMLButtonElement) {
  const endpoint = root.dataset.endpoint;
  const next = button.dataset.next;
  if (!endpoint || !next || button.disabled) return;
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  const url = `${endpoint}?before=${encodeURIComponent(next)}`;
  const answer = await apiCall(MemberPanelAnswer, url, { cache: 'no-store', failed: '' });
  button.disabled = false;
  button.removeAttribute('aria-busy');
  if (!answer.ok || !answer.data.member) return;
  const rows = answer.data.history.map(historyRow);
  root.querySelector('[data-history] tbody')?.append(...rows);
  showMore(root, answer.data.next);
  // Keyboard and screen-reader users continue at the first entry just added.
  const first = rows[0]?.querySelector('td');
  if (first) {
    first.tabIndex = -1;
    first.focus();
  }
}

async function start() {
  const root = document.querySelector<HTMLElement>('[data-member-panel]');
  if (!root?.dataset.endpoint) return;
  // In the page's language (apiCall sends it): the answer is worded on the server.
  const answer = await apiCall(MemberPanelAnswer, root.dataset.endpoint, { cache: 'no-store', failed: '' });
  if (answer.ok && answer.data.member) {
    render(root, answer.data);
    const more = root.querySelector<HTMLButtonElement>('[data-history-more]');
    if (more && !more.dataset.bound) {
      more.dataset.bound = 'yes';
      more.addEventListener('click', () => void loadMore(root, more));
    }
    root.dataset.memberPanel = 'member';
  } else root.dataset.memberPanel = 'visitor';
}

document.addEventListener('astro:page-load', () => void start());
void start();
