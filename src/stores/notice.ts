import { atom } from 'nanostores';

/** SPEC.md §3: a message has a type, a text, and a colour when its type is "other". */
export type NoticeType = 'success' | 'error' | 'info' | 'warning' | 'other';
export interface Notice {
  type: NoticeType;
  text: string;
  /** Any CSS colour; used only by type "other". */
  color?: string;
}

/** One notification at a time: a new one replaces the old (SPEC.md §4). */
export const $notice = atom<Notice | null>(null);

export function notify(notice: Notice): void {
  $notice.set(notice);
}

export function clearNotice(): void {
  $notice.set(null);
}
