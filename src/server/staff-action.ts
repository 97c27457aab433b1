/**
 * The head every staff page with a form shared: read the post through the shared readers, hand it
 * to the page's handler (which validates and calls the use case), then show a notice in the
 * visitor's language with its status, redirect (Post/Redirect/Get) or show the 404 page.
 *
 * Who may post is the route table's (src/pipeline/route-policy.ts, enforced by the pipeline's access
 * step): a staff page never checks the login again; `staffOf` only turns that guarantee into a type.
 * Generic over the staff member (server/ imports no feature).
 */
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';
import type { MessageKey, Translate } from '#i18n/t.ts';
import { parseUuid } from '#lib/input.ts';
import { readForm } from './http';

/** The line above a staff page's content (StaffShell's `notice`). */
export interface Notice {
  type: 'success' | 'error';
  text: string;
}

/** A message's `{name}` values (an unset one is left out). */
type MessageValues = Record<string, string | number | undefined>;

/** What a staff form's handler decided. */
export type FormOutcome =
  /** Show the page again with a notice: `status` when given, else 200 for success and 400 for an error. */
  | { ok: boolean; key: MessageKey; values?: MessageValues; status?: number }
  /** Done: 303 to this (localized) path, whose page says so (Post/Redirect/Get). */
  | { redirect: string }
  /** The record the form names is not there: the 404 page in the visitor's language. */
  | { notFound: true };

function definedValues(values: MessageValues | undefined): Record<string, string | number> | undefined {
  if (!values) return undefined;
  const defined: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) if (value !== undefined) defined[name] = value;
  return defined;
}

/** The notice of an outcome that shows the page again, and the status it answers with (null: leave it). */
export function noticeOf(
  outcome: { ok: boolean; key: MessageKey; values?: MessageValues; status?: number },
  t: Translate,
): { notice: Notice; status: number | null } {
  return {
    notice: { type: outcome.ok ? 'success' : 'error', text: t(outcome.key, definedValues(outcome.values)) },
    status: outcome.status ?? (outcome.ok ? null : 400),
  };
}

/**
 * A schema's message for a field: the message key translated, or "This value is not valid" when
 * the message is no key (a zod default).
 */
export function issueText(message: string, t: Translate): string {
  const text = t(message as MessageKey);
  return text === message ? t('field.invalid') : text;
}

/** Each field's first message, by the field's name (`_` for the form), for a form shown again. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  t: Translate,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? '_')] ??= issueText(issue.message, t);
  return errors;
}

/** The first issue's message key, for a form that shows one notice rather than each field's. */
export function firstIssueKey(issues: readonly { message: string }[], fallback: MessageKey): MessageKey {
  return (issues[0]?.message ?? fallback) as MessageKey;
}

/**
 * The record an edit page (`…/new` or `…/{id}`) is about: `{ id: null, existing: null }` for `new`,
 * the loaded record for a well-formed id that is there, and null (the 404) for anything else.
 */
export async function newOrExisting<T>(
  param: string | undefined,
  load: (id: string) => Promise<T | null>,
): Promise<{ id: string; existing: T } | { id: null; existing: null } | null> {
  if (param === 'new') return { id: null, existing: null };
  const id = parseUuid(param);
  const existing = id ? await load(id) : null;
  return id && existing ? { id, existing } : null;
}

/** What a staff page reads of `Astro` (so the helper is tested without Astro). */
export interface StaffPage<Staff> {
  request: Request;
  url: URL;
  response: { status?: number | undefined };
  locals: { staff: Staff | null; t: Translate; locale: Locale };
  redirect(path: string, status: 303): Response;
  rewrite(path: string): Promise<Response>;
}

/** The logged-in staff member of a page the route table keeps for staff (never null there). */
export function staffOf<Staff>(locals: { staff: Staff | null }): Staff {
  if (locals.staff === null) throw new Error('a staff page outside the route table’s staff families');
  return locals.staff;
}

/** The 404 page in the visitor's language, in place of the page (the request's body stays unread). */
export function notFoundPage(page: Pick<StaffPage<unknown>, 'rewrite' | 'locals'>): Promise<Response> {
  return page.rewrite(localePath(page.locals.locale, '/404'));
}

export interface StaffActionOptions<Form> {
  /** How the post is read (default `readForm`: a bad form, NUL or bad UTF-8 is a 400 error page). */
  read?: (request: Request) => Promise<Form>;
  /** The notice after a redirect: a success `key` when the URL carries `param` (`?saved=…`). */
  done?: { param: string; key: MessageKey };
}

/**
 * A staff page's form post: read, handled, answered. `{ response }` when the page is done (a
 * redirect or the 404 page: return it), else the notice to show (none on a plain GET, or when the
 * handler answers nothing: a form naming no action). The status of a notice is set on `page.response`.
 */
export async function staffAction<Staff, Form = Record<string, string>>(
  page: StaffPage<Staff>,
  handle: (form: Form, staff: Staff) => Promise<FormOutcome | undefined> | FormOutcome | undefined,
  options: StaffActionOptions<Form> = {},
): Promise<{ response: Response; notice?: undefined } | { response?: undefined; notice: Notice | undefined }> {
  const { t } = page.locals;
  const { done } = options;
  if (page.request.method !== 'POST') {
    const shown = done && page.url.searchParams.has(done.param);
    return { notice: shown ? { type: 'success', text: t(done.key) } : undefined };
  }
  const read = options.read ?? (readForm as unknown as (request: Request) => Promise<Form>);
  const outcome = await handle(await read(page.request), staffOf(page.locals));
  if (outcome === undefined) return { notice: undefined };
  if ('redirect' in outcome) return { response: page.redirect(outcome.redirect, 303) };
  if ('notFound' in outcome) return { response: await notFoundPage(page) };
  const { notice, status } = noticeOf(outcome, t);
  if (status !== null) page.response.status = status;
  return { notice };
}
