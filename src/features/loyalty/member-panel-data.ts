// The member part of a programme page (GET /api/loyalty/{id}/me): worded and formatted on the
// server, so the page's small script only lays it out. Checked by hand, like the slot page's
// answers (booking/slot-page-answers.ts), so no schema library ships on this cached page.

export interface MemberEntryView {
  id: string;
  when: string;
  reason: string;
  source: string;
  points: string;
  expires: string;
}

export interface MemberPanelData {
  member: boolean;
  loggedIn: boolean;
  name: string;
  balance: string;
  tier: string;
  progress: string;
  expiring: string[];
  history: MemberEntryView[];
  /** The cursor of the next (older) history page: '' when this page is the last. */
  next: string;
}

const isString = (v: unknown): v is string => typeof v === 'string';

function isEntry(v: unknown): v is MemberEntryView {
  const e = v as Record<string, unknown> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    ['id', 'when', 'reason', 'source', 'points', 'expires'].every((k) => isString(e[k]))
  );
}

/** Whether an answer has the shape of the member panel's data. */
export function isMemberPanelData(v: unknown): v is MemberPanelData {
  const d = v as Record<string, unknown> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.member === 'boolean' &&
    typeof d.loggedIn === 'boolean' &&
    ['name', 'balance', 'tier', 'progress', 'next'].every((k) => isString(d[k])) &&
    Array.isArray(d.expiring) &&
    d.expiring.every(isString) &&
    Array.isArray(d.history) &&
    d.history.every(isEntry)
  );
}
