import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { outbox, reviewLinks, reviews, staff } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import type { Tenant } from '#features/tenants/index.server.ts';
import {
  clinicReviewPage,
  homeReviews,
  REVIEW_RATE_LIMITS,
  reviewFilterOf,
  reviewLinkAction,
  reviewTarget,
  saveReviewSettingsForm,
  staffReviewAction,
  staffReviews,
  submitFeedback,
  submitReview,
} from './index.server.ts';
import { saveReviewSettings } from './reviews-repo.server';
import { reviewsSuite, T0 } from './test-support.ts';

// The booking.completed effect, as the running app registers it.
composeApp();

// Review pages and what is posted on them: links per tenant, replies, the home page, and limits.
describe.each(testDatabaseKinds)('review pages and reviews on %s', (kind) => {
  const t = reviewsSuite(kind);

  it('answers 404 for slugs of another tenant and for malformed ones', async () => {
    await t.db
      .insert(reviewLinks)
      .values({
        tenantId: t.klinik.id,
        slug: 'dr-aina',
        kind: 'practitioner',
        resourceId: t.resourceId,
        name: 'Dr Aina',
      })
      .onConflictDoNothing();
    expect(await reviewTarget(t.db, t.klinik, 'dr-aina')).toMatchObject({ kind: 'practitioner' });
    expect(await reviewTarget(t.db, t.klinik, 'klinik')).toMatchObject({ kind: 'organisation' });
    expect(await reviewTarget(t.db, t.tenant('yayasan'), 'dr-aina')).toBeNull();
    expect(await reviewTarget(t.db, t.tenant('yayasan'), 'klinik')).toBeNull();
    expect(await reviewTarget(t.db, t.klinik, '../x')).toBeNull();
    expect(await clinicReviewPage(t.db, t.tenant('yayasan'), { pid: t.resourceId, token: null })).toBeNull();
    expect(await clinicReviewPage(t.db, t.klinik, { pid: t.resourceId, token: null })).not.toBeNull();

    // Staff add review pages: only free, well-formed slugs; only their own practitioners.
    const add = (tenant: Tenant, form: Record<string, string>) =>
      reviewLinkAction(t.db, tenant, { action: 'add-link', name: 'Cawangan', ...form });
    expect(await add(t.klinik, { slug: 'dr-aina' })).toMatchObject({ ok: false, status: 409 });
    expect(await add(t.klinik, { slug: 'thankyou' })).toMatchObject({ ok: false, status: 400 });
    expect(await add(t.klinik, { slug: 'klinik' })).toMatchObject({ ok: false, status: 400 });
    expect(
      await add(t.tenant('yayasan'), { slug: 'dr-x', kind: 'practitioner', practitioner: t.resourceId }),
    ).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await add(t.klinik, { slug: 'shah-alam', publicUrl: 'http://evil.example' })).toMatchObject({ ok: false });
    expect(await add(t.klinik, { slug: 'shah-alam' })).toMatchObject({ ok: true });
    expect(await reviewTarget(t.db, t.klinik, 'shah-alam')).toMatchObject({ kind: 'branch' });
  });

  it('replies privately only where the author consented, and shows on the home page only what was agreed, once enabled', async () => {
    const [member] = await t.db.select().from(staff).where(eq(staff.tenantId, t.klinik.id)).limit(1);
    const staffId = member?.id ?? '';
    const organisation = await reviewTarget(t.db, t.klinik, undefined);
    if (!organisation) throw new Error('no organisation target');
    const feedback = (form: Record<string, string>) =>
      submitFeedback(t.db, { tenant: t.klinik, locale: 'id', ip: '192.0.2.20', form, target: organisation });
    expect(await feedback({ comment: 'Antrian lama', consent: 'yes', email: 'budi@example.id' })).toMatchObject({
      kind: 'done',
    });
    expect(await feedback({ comment: 'Tanpa kontak', email: 'kept-not@example.id' })).toMatchObject({ kind: 'done' });
    const rows = await t.db.select().from(reviews).where(eq(reviews.kind, 'feedback'));
    const consented = rows.find((r) => r.comment === 'Antrian lama');
    const silent = rows.find((r) => r.comment === 'Tanpa kontak');
    expect(silent?.contactEmail).toBeNull();

    const reply = (id: string) =>
      staffReviewAction(t.db, {
        tenant: t.klinik,
        staffId,
        form: { action: 'reply', id, reply: 'Maaf, kami perbaiki.' },
      });
    expect(await reply(silent?.id ?? '')).toMatchObject({ ok: false, status: 409 });
    expect(await reply(consented?.id ?? '')).toMatchObject({ ok: true });
    const sent = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.destination, 'budi@example.id'), eq(outbox.template, 'review-reply')));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.locale).toBe('id');
    const [handled] = await t.db
      .select()
      .from(reviews)
      .where(eq(reviews.id, consented?.id ?? ''));
    expect(handled?.status).toBe('handled');
    // Another tenant's staff cannot act on it.
    expect(
      await staffReviewAction(t.db, {
        tenant: t.tenant('yayasan'),
        staffId,
        form: { action: 'handled', id: consented?.id ?? '' },
      }),
    ).toMatchObject({ ok: false, status: 404 });

    // Home display: off by default; when on, only reviews whose authors agreed.
    expect(await homeReviews(t.db, t.klinik.id)).toEqual([]);
    expect(await saveReviewSettingsForm(t.db, t.klinik.id, { publicUrl: 'javascript:alert(1)' })).toMatchObject({
      ok: false,
    });
    expect(
      await saveReviewSettingsForm(t.db, t.klinik.id, {
        publicUrl: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
        showOnHome: 'yes',
      }),
    ).toMatchObject({ ok: true });
    const shown = await homeReviews(t.db, t.klinik.id);
    expect(shown.length).toBeGreaterThan(0);
    const agreed = await t.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.tenantId, t.klinik.id), eq(reviews.mayPublish, true)));
    expect(shown.every((r) => agreed.some((a) => a.comment === r.comment))).toBe(true);
  });

  it('limits posts per address', async () => {
    const target = await reviewTarget(t.db, t.klinik, 'dr-aina');
    const post = () =>
      submitReview(t.db, {
        tenant: t.klinik,
        locale: 'en',
        ip: '198.51.100.7',
        form: { rating: '3' },
        target,
        now: T0,
      });
    for (let i = 0; i < REVIEW_RATE_LIMITS.perIp.limit; i += 1) expect((await post()).kind).toBe('done');
    expect(await post()).toMatchObject({ kind: 'invalid', status: 429 });
  });

  it('holds a burst of spam for moderation instead of locking a fresh visitor out (issue 23)', async () => {
    const target = await reviewTarget(t.db, t.klinik, 'ampang');
    const now = new Date('2026-11-28T03:00:00Z');
    const post = (ip: string) =>
      submitReview(t.db, { tenant: t.klinik, locale: 'en', ip, form: { rating: '1' }, target, now });
    // The attack as measured: 150 one-star reviews from 5 addresses within the hour.
    const outcomes = { done: 0, refused: 0 };
    for (let i = 0; i < 150; i += 1) {
      const result = await post(`203.0.113.${i % 5}`);
      outcomes[result.kind === 'done' ? 'done' : 'refused'] += 1;
    }
    // Each address is refused once past its own limit, and only that address.
    expect(await post('203.0.113.0')).toMatchObject({ kind: 'invalid', status: 429 });
    // A real visitor from a fresh address is accepted (held for moderation, not refused).
    const fresh = await post('198.51.100.200');
    console.log(
      `150 posts from 5 addresses: ${outcomes.done} accepted, ${outcomes.refused} refused; fresh address: ${fresh.kind}`,
    );
    expect(fresh.kind).toBe('done');
    expect(outcomes).toEqual({ done: 150, refused: 0 });
    const rows = await t.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.tenantId, t.klinik.id), eq(reviews.createdAt, now)));
    expect(rows).toHaveLength(151);
    expect(rows.filter((r) => r.moderation === 'pending')).toHaveLength(REVIEW_RATE_LIMITS.burst.limit);
    expect(rows.filter((r) => r.moderation === 'held')).toHaveLength(151 - REVIEW_RATE_LIMITS.burst.limit);
    // Staff see them under the "held" filter.
    const held = await staffReviews(
      t.db,
      t.klinik.id,
      reviewFilterOf(new URLSearchParams('moderation=held'), 'Asia/Kuala_Lumpur'),
    );
    expect(held.filter((r) => r.createdAt.getTime() === now.getTime())).toHaveLength(
      151 - REVIEW_RATE_LIMITS.burst.limit,
    );
    expect(held.every((r) => r.moderation === 'held')).toBe(true);
  });

  it('limits feedback per contact, whatever the address', async () => {
    const organisation = await reviewTarget(t.db, t.klinik, undefined);
    if (!organisation) throw new Error('no organisation target');
    const now = new Date('2026-11-28T05:00:00Z');
    const send = (i: number) =>
      submitFeedback(t.db, {
        tenant: t.klinik,
        locale: 'en',
        ip: `198.18.0.${i}`,
        form: { comment: `Spam ${i}`, phone: '+60 12-345 6789' },
        target: organisation,
        now,
      });
    for (let i = 0; i < REVIEW_RATE_LIMITS.perContact.limit; i += 1) expect((await send(i)).kind).toBe('done');
    expect(await send(99)).toMatchObject({ kind: 'invalid', status: 429 });
  });

  it('shows on the home page only reviews a staff member approved (issue 23)', async () => {
    const [member] = await t.db.select().from(staff).where(eq(staff.tenantId, t.klinik.id)).limit(1);
    await saveReviewSettings(t.db, t.klinik.id, { showOnHome: true });
    const target = await reviewTarget(t.db, t.klinik, 'dr-aina');
    const comment = `Approved only ${randomUUID()}`;
    expect(
      await submitReview(t.db, {
        tenant: t.klinik,
        locale: 'en',
        ip: '192.0.2.77',
        form: { rating: '5', comment, publish: 'yes' },
        target,
      }),
    ).toMatchObject({ kind: 'done' });
    const shown = async () => (await homeReviews(t.db, t.klinik.id)).some((r) => r.comment === comment);
    expect(await shown()).toBe(false);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.comment, comment));
    const act = (action: string) =>
      staffReviewAction(t.db, {
        tenant: t.klinik,
        staffId: member?.id ?? '',
        form: { action, id: row?.id ?? '' },
      });
    expect(await act('approve')).toMatchObject({ ok: true, message: 'review.staff.approved' });
    expect(await shown()).toBe(true);
    expect(await act('reject')).toMatchObject({ ok: true, message: 'review.staff.rejected' });
    expect(await shown()).toBe(false);
    // Another tenant's staff cannot approve it.
    expect(
      await staffReviewAction(t.db, {
        tenant: t.tenant('yayasan'),
        staffId: member?.id ?? '',
        form: { action: 'approve', id: row?.id ?? '' },
      }),
    ).toMatchObject({ ok: false, status: 404 });
  });
});
