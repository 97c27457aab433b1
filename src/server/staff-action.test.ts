import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '#i18n/locales.ts';
import { translator } from '#i18n/t.ts';
import { HttpError } from '#lib/http-error.ts';
import { FormInputError } from './http';
import {
  type FormOutcome,
  fieldErrors,
  firstIssueKey,
  issueText,
  newOrExisting,
  noticeOf,
  type StaffPage,
  staffAction,
  staffOf,
} from './staff-action';

const t = translator('en');
const UUID = '0b6f3a52-8f0e-4c1b-9d3e-2a7c5e4f1b60';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** A staff page as Astro hands it over: what it redirected to or rewrote with is recorded. */
function fakePage(
  init: { method?: string; body?: string; headers?: Record<string, string>; search?: string; locale?: Locale } = {},
) {
  const url = new URL(`http://klinik.test/staff/x${init.search ?? ''}`);
  const method = init.method ?? 'GET';
  const request = new Request(url, {
    method,
    ...(method === 'POST' ? { body: init.body ?? '', headers: init.headers ?? FORM } : {}),
  });
  const locale = init.locale ?? 'en';
  const page = {
    request,
    url,
    response: { status: 200 } as { status?: number },
    locals: { staff: { id: 'staff-1', role: 'staff' }, t: translator(locale), locale },
    redirect: vi.fn((path: string, status: 303) => new Response(null, { status, headers: { Location: path } })),
    rewrite: vi.fn(async (path: string) => new Response(`rewritten to ${path}`, { status: 404 })),
  } satisfies StaffPage<{ id: string; role: string }>;
  return page;
}

describe('noticeOf', () => {
  it('shows success without touching the status, and an error as a 400 unless the outcome says otherwise', () => {
    expect(noticeOf({ ok: true, key: 'staff.updated' }, t)).toEqual({
      notice: { type: 'success', text: 'The team is updated.' },
      status: null,
    });
    expect(noticeOf({ ok: false, key: 'error.badForm' }, t).status).toBe(400);
    expect(noticeOf({ ok: false, key: 'staffPayments.unknownInvoice', status: 404 }, t).status).toBe(404);
    expect(noticeOf({ ok: true, key: 'staff.updated', status: 200 }, t).status).toBe(200);
  });

  it("fills the message's values (plural forms included) and leaves out unset ones", () => {
    expect(noticeOf({ ok: true, key: 'staffPayments.marked', values: { number: 'INV-7' } }, t).notice.text).toBe(
      'INV-7 is marked paid.',
    );
    expect(noticeOf({ ok: true, key: 'staffEmbed.saved', values: { count: 1 } }, t).notice.text).toBe(
      'Saved: 1 allowed site.',
    );
    expect(noticeOf({ ok: false, key: 'staffPayments.marked', values: { number: undefined } }, t).notice.text).toBe(
      '{number} is marked paid.',
    );
  });
});

describe('schema messages', () => {
  it('translate a message key and say "not valid" for a message that is no key', () => {
    expect(issueText('field.required', t)).toBe('This field is required');
    expect(issueText('Expected number, received nan', t)).toBe('This value is not valid');
    expect(issueText('', t)).toBe('This value is not valid');
  });

  it("keep each field's first message, the form's under `_`", () => {
    const issues = [
      { path: ['amount'], message: 'field.required' },
      { path: ['amount'], message: 'field.invalid' },
      { path: ['phone', 0], message: 'zod says no' },
      { path: [], message: 'field.required' },
    ];
    expect(fieldErrors(issues, t)).toEqual({
      amount: 'This field is required',
      phone: 'This value is not valid',
      _: 'This field is required',
    });
  });

  it('name the first issue, or the fallback when there is none', () => {
    expect(firstIssueKey([{ message: 'staff.passwordTooShort' }, { message: 'x' }], 'field.required')).toBe(
      'staff.passwordTooShort',
    );
    expect(firstIssueKey([], 'field.required')).toBe('field.required');
  });
});

describe('newOrExisting', () => {
  const load = vi.fn(async (id: string) => (id === UUID ? { name: 'found' } : null));

  it('is a new record for `new`, without loading anything', async () => {
    load.mockClear();
    expect(await newOrExisting('new', load)).toEqual({ id: null, existing: null });
    expect(load).not.toHaveBeenCalled();
  });

  it('loads a well-formed id and is null (the 404) for a malformed or unknown one', async () => {
    load.mockClear();
    expect(await newOrExisting(UUID, load)).toEqual({ id: UUID, existing: { name: 'found' } });
    expect(await newOrExisting('not-a-uuid', load)).toBeNull();
    expect(await newOrExisting(undefined, load)).toBeNull();
    expect(await newOrExisting('1f1c2a3b-0000-4000-8000-000000000000', load)).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('staffOf', () => {
  it('is the logged-in staff member, and refuses a page the route table leaves open', () => {
    expect(staffOf({ staff: { id: 's' } })).toEqual({ id: 's' });
    expect(() => staffOf({ staff: null })).toThrow(/route table/);
  });
});

describe('staffAction', () => {
  it('does nothing on a GET but show the notice of a redirect that came back', async () => {
    const handle = vi.fn();
    const page = fakePage();
    expect(await staffAction(page, handle)).toEqual({ notice: undefined });
    const done = { param: 'saved', key: 'donation.staff.saved' } as const;
    expect(await staffAction(fakePage({ search: '?saved=abc' }), handle, { done })).toEqual({
      notice: { type: 'success', text: 'Campaign saved.' },
    });
    expect(await staffAction(fakePage({ search: '?other=1' }), handle, { done })).toEqual({ notice: undefined });
    expect(handle).not.toHaveBeenCalled();
    expect(page.response.status).toBe(200);
  });

  it('hands the form and the staff member to the handler and shows its notice with its status', async () => {
    const page = fakePage({ method: 'POST', body: 'action=end&end=x+y%21' });
    const handle = vi.fn(
      async (): Promise<FormOutcome> => ({ ok: false, key: 'staffPayments.unknownInvoice', status: 404 }),
    );
    const result = await staffAction(page, handle);
    expect(handle).toHaveBeenCalledWith({ action: 'end', end: 'x y!' }, { id: 'staff-1', role: 'staff' });
    expect(result.notice).toEqual({ type: 'error', text: t('staffPayments.unknownInvoice') });
    expect(page.response.status).toBe(404);
  });

  it("answers in the visitor's language", async () => {
    const page = fakePage({ method: 'POST', body: 'a=1', locale: 'ms' });
    const result = await staffAction(page, () => ({ ok: true, key: 'donation.staff.saved' }));
    expect(result.notice?.text).toBe('Kempen disimpan.');
  });

  it('redirects with 303 (Post/Redirect/Get) and shows the 404 page in the visitor’s language', async () => {
    const saved = fakePage({ method: 'POST', body: 'a=1' });
    const redirected = await staffAction(saved, () => ({ redirect: '/ms/staff/loyalty?saved=1' }));
    expect(redirected.response?.status).toBe(303);
    expect(redirected.response?.headers.get('Location')).toBe('/ms/staff/loyalty?saved=1');

    const gone = fakePage({ method: 'POST', body: 'a=1', locale: 'ms' });
    const missing = await staffAction(gone, () => ({ notFound: true }));
    expect(gone.rewrite).toHaveBeenCalledWith('/ms/404');
    expect(missing.response?.status).toBe(404);
  });

  it('leaves the page as it is when the handler answers nothing', async () => {
    const page = fakePage({ method: 'POST', body: 'action=unknown' });
    expect(await staffAction(page, () => undefined)).toEqual({ notice: undefined });
    expect(page.response.status).toBe(200);
  });

  it('refuses NUL, text that is not UTF-8 and a body that is not a form before the handler runs', async () => {
    const handle = vi.fn(() => ({ ok: true, key: 'staff.updated' }) as const);
    const nul = staffAction(fakePage({ method: 'POST', body: 'origins=a%00b' }), handle);
    await expect(nul).rejects.toBeInstanceOf(FormInputError);
    await expect(nul).rejects.toMatchObject({ status: 400, message: 'error.badInput' });
    const latin1 = staffAction(fakePage({ method: 'POST', body: 'name=Jos%E9' }), handle);
    await expect(latin1).rejects.toMatchObject({ status: 400, message: 'error.badEncoding' });
    const json = staffAction(
      fakePage({ method: 'POST', body: '{"a":1}', headers: { 'Content-Type': 'application/json' } }),
      handle,
    );
    await expect(json).rejects.toBeInstanceOf(HttpError);
    await expect(json).rejects.toMatchObject({ status: 400, message: 'error.badForm' });
    expect(handle).not.toHaveBeenCalled();
  });

  it('reads the post with the page’s own reader (a form with a file)', async () => {
    const page = fakePage({ method: 'POST', body: 'x' });
    const read = vi.fn(async () => ({ fields: { title: 'T' }, files: {} }));
    const handle = vi.fn((form: { fields: Record<string, string> }) =>
      form.fields.title === 'T' ? ({ ok: true, key: 'donation.staff.saved' } as const) : undefined,
    );
    expect((await staffAction(page, handle, { read })).notice?.type).toBe('success');
    expect(read).toHaveBeenCalledWith(page.request);
  });
});
