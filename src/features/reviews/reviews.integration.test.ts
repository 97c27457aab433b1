import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import {
  bookings,
  outbox,
  resources,
  reviewInvitations,
  reviewLinks,
  reviews,
  services,
  staff,
} from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { seedDemo } from '#demo/demo.server.ts';
import { markAttendance } from '#features/booking/index.server.ts';
import { forgetCachedTenants, resolveTenant, type Tenant } from '#features/tenants/index.server.ts';
import {
  clinicReviewPage,
  homeReviews,
  openInvitation,
  REVIEW_RATE_LIMITS,
  reviewFilterOf,
  reviewLinkAction,
  reviewTarget,
  saveReviewSettingsForm,
  sendDueInvitations,
  staffReviewAction,
  staffReviews,
  submitFeedback,
  submitReview,
  unsubscribeByToken,
} from './index.server.ts';
import { saveReviewSettings } from './reviews-repo.server';

// The booking.completed effect, as the running app registers it.
composeApp();

const DAY = 24 * 60 * 60_000;
const T0 = new Date('2026-11-20T02:00:00Z');

describe.each(testDatabaseKinds)('review invitations and verified reviews on %s', (kind) => {
  let database: TestDatabase;
  let klinik: Tenant;
  let yayasan: Tenant;
  let serviceId = '';
  let resourceId = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemo(database.db);
    forgetCachedTenants();
    klinik = (await resolveTenant(database.db, 'klinik.localhost')) as Tenant;
    yayasan = (await resolveTenant(database.db, 'yayasan.localhost')) as Tenant;
    const [service] = await database.db.select().from(services).where(eq(services.tenantId, klinik.id)).limit(1);
    const [resource] = await database.db.select().from(resources).where(eq(resources.tenantId, klinik.id)).limit(1);
    serviceId = service?.id ?? '';
    resourceId = resource?.id ?? '';
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  /** A confirmed booking that started at `startsAt`, for `phone`. */
  const confirmed = async (phone: string, startsAt: Date) => {
    const [row] = await database.db
      .insert(bookings)
      .values({
        tenantId: klinik.id,
        publicId: randomUUID(),
        serviceId,
        resourceId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        blocksFrom: startsAt,
        blocksUntil: new Date(startsAt.getTime() + 30 * 60_000),
        status: 'confirmed',
        contactName: 'Aisyah',
        contactPhone: phone,
        locale: 'ms',
      })
      .returning();
    if (!row) throw new Error('no booking');
    return row;
  };
  const invitationsTo = async (phone: string) =>
    database.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.tenantId, klinik.id), eq(outbox.destination, phone), eq(outbox.template, 'review-invitation')),
      );
  const tokenOf = (payload: unknown) => {
    const link = (payload as { link: string }).link;
    return new URL(link).searchParams.get('i') ?? '';
  };

  it('sends one invitation per completed booking after the delay, whatever the job re-runs', async () => {
    await saveReviewSettings(database.db, klinik.id, { inviteDelayMinutes: 60 });
    const phone = '60171110001';
    const booking = await confirmed(phone, T0);
    const done = await markAttendance(database.db, {
      tenantId: klinik.id,
      publicId: booking.publicId,
      outcome: 'completed',
      now: new Date(T0.getTime() + 40 * 60_000),
    });
    expect(done.ok).toBe(true);
    expect(await invitationsTo(phone)).toHaveLength(0);
    // Not yet due, then due: two runs at once and a re-run send it once.
    await sendDueInvitations(database.db, new Date(T0.getTime() + 60 * 60_000));
    expect(await invitationsTo(phone)).toHaveLength(0);
    const later = new Date(T0.getTime() + 2 * 60 * 60_000);
    const runs = await Promise.all([sendDueInvitations(database.db, later), sendDueInvitations(database.db, later)]);
    await sendDueInvitations(database.db, later);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    const sent = await invitationsTo(phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.locale).toBe('ms');
    expect((sent[0]?.payload as { link?: string } | undefined)?.link).toContain(`/ms/review/${resourceId}/clinic?i=`);
    // Completing it again finds it completed: still one.
    await markAttendance(database.db, { tenantId: klinik.id, publicId: booking.publicId, outcome: 'completed' });
    const rows = await database.db.select().from(reviewInvitations).where(eq(reviewInvitations.bookingId, booking.id));
    expect(rows).toHaveLength(1);
  });

  it('sends no second invitation to one person within 14 days, and none after an unsubscribe', async () => {
    await saveReviewSettings(database.db, klinik.id, { inviteDelayMinutes: 0 });
    const phone = '60171110002';
    const first = await confirmed(phone, T0);
    await markAttendance(database.db, { tenantId: klinik.id, publicId: first.publicId, outcome: 'completed', now: T0 });
    const second = await confirmed(phone, new Date(T0.getTime() + 3 * DAY));
    const at = new Date(T0.getTime() + 3 * DAY);
    await markAttendance(database.db, {
      tenantId: klinik.id,
      publicId: second.publicId,
      outcome: 'completed',
      now: at,
    });
    const sent = await invitationsTo(phone);
    expect(sent).toHaveLength(1);
    const [skipped] = await database.db
      .select()
      .from(reviewInvitations)
      .where(eq(reviewInvitations.bookingId, second.id));
    expect(skipped).toMatchObject({ status: 'skipped', skipReason: 'recent' });

    // Unsubscribed through the first link: a visit 20 days on gets nothing either.
    expect(await unsubscribeByToken(database.db, klinik.id, tokenOf(sent[0]?.payload))).toBe(true);
    const third = await confirmed(phone, new Date(T0.getTime() + 20 * DAY));
    const at3 = new Date(T0.getTime() + 20 * DAY);
    await markAttendance(database.db, {
      tenantId: klinik.id,
      publicId: third.publicId,
      outcome: 'completed',
      now: at3,
    });
    expect(await invitationsTo(phone)).toHaveLength(1);
    const [third_] = await database.db
      .select()
      .from(reviewInvitations)
      .where(eq(reviewInvitations.bookingId, third.id));
    expect(third_).toMatchObject({ status: 'skipped', skipReason: 'unsubscribed' });
  });

  it('ties a review from the link to its booking: one per booking, editable by its author for a while', async () => {
    await saveReviewSettings(database.db, klinik.id, { inviteDelayMinutes: 0, editWindowDays: 7 });
    const phone = '60171110003';
    const booking = await confirmed(phone, T0);
    await markAttendance(database.db, {
      tenantId: klinik.id,
      publicId: booking.publicId,
      outcome: 'completed',
      now: T0,
    });
    const [message] = await invitationsTo(phone);
    const token = tokenOf(message?.payload);
    expect(await openInvitation(database.db, klinik.id, token)).not.toBeNull();
    // Another tenant's host opens nothing with it.
    expect(await clinicReviewPage(database.db, yayasan, { pid: undefined, token })).toBeNull();

    const post = (rating: string, now: Date, comment = '') =>
      submitReview(database.db, {
        tenant: klinik,
        locale: 'en',
        ip: '192.0.2.10',
        form: { rating, comment },
        target: null,
        token,
        now,
      });
    expect(await post('2', new Date(T0.getTime() + DAY), 'Long wait')).toMatchObject({ kind: 'done' });
    expect(await post('4', new Date(T0.getTime() + 2 * DAY), 'They called back')).toMatchObject({ kind: 'done' });
    const rows = await database.db.select().from(reviews).where(eq(reviews.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 4, comment: 'They called back', resourceId, kind: 'review' });
    // After the window the link still opens, but the review cannot change.
    const late = await post('1', new Date(T0.getTime() + 9 * DAY));
    expect(late).toMatchObject({ kind: 'invalid', status: 409 });
    const page = await clinicReviewPage(database.db, klinik, {
      pid: undefined,
      token,
      now: new Date(T0.getTime() + 9 * DAY),
    });
    expect(page?.closed).toBe(true);
  });

  it('answers 404 for slugs of another tenant and for malformed ones', async () => {
    await database.db
      .insert(reviewLinks)
      .values({ tenantId: klinik.id, slug: 'dr-aina', kind: 'practitioner', resourceId, name: 'Dr Aina' })
      .onConflictDoNothing();
    expect(await reviewTarget(database.db, klinik, 'dr-aina')).toMatchObject({ kind: 'practitioner' });
    expect(await reviewTarget(database.db, klinik, 'klinik')).toMatchObject({ kind: 'organisation' });
    expect(await reviewTarget(database.db, yayasan, 'dr-aina')).toBeNull();
    expect(await reviewTarget(database.db, yayasan, 'klinik')).toBeNull();
    expect(await reviewTarget(database.db, klinik, '../x')).toBeNull();
    expect(await clinicReviewPage(database.db, yayasan, { pid: resourceId, token: null })).toBeNull();
    expect(await clinicReviewPage(database.db, klinik, { pid: resourceId, token: null })).not.toBeNull();

    // Staff add review pages: only free, well-formed slugs; only their own practitioners.
    const add = (tenant: Tenant, form: Record<string, string>) =>
      reviewLinkAction(database.db, tenant, { action: 'add-link', name: 'Cawangan', ...form });
    expect(await add(klinik, { slug: 'dr-aina' })).toMatchObject({ ok: false, status: 409 });
    expect(await add(klinik, { slug: 'thankyou' })).toMatchObject({ ok: false, status: 400 });
    expect(await add(klinik, { slug: 'klinik' })).toMatchObject({ ok: false, status: 400 });
    expect(await add(yayasan, { slug: 'dr-x', kind: 'practitioner', practitioner: resourceId })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await add(klinik, { slug: 'shah-alam', publicUrl: 'http://evil.example' })).toMatchObject({ ok: false });
    expect(await add(klinik, { slug: 'shah-alam' })).toMatchObject({ ok: true });
    expect(await reviewTarget(database.db, klinik, 'shah-alam')).toMatchObject({ kind: 'branch' });
  });

  it('replies privately only where the author consented, and shows on the home page only what was agreed, once enabled', async () => {
    const [member] = await database.db.select().from(staff).where(eq(staff.tenantId, klinik.id)).limit(1);
    const staffId = member?.id ?? '';
    const organisation = await reviewTarget(database.db, klinik, undefined);
    if (!organisation) throw new Error('no organisation target');
    const feedback = (form: Record<string, string>) =>
      submitFeedback(database.db, { tenant: klinik, locale: 'id', ip: '192.0.2.20', form, target: organisation });
    expect(await feedback({ comment: 'Antrian lama', consent: 'yes', email: 'budi@example.id' })).toMatchObject({
      kind: 'done',
    });
    expect(await feedback({ comment: 'Tanpa kontak', email: 'kept-not@example.id' })).toMatchObject({ kind: 'done' });
    const rows = await database.db.select().from(reviews).where(eq(reviews.kind, 'feedback'));
    const consented = rows.find((r) => r.comment === 'Antrian lama');
    const silent = rows.find((r) => r.comment === 'Tanpa kontak');
    expect(silent?.contactEmail).toBeNull();

    const reply = (id: string) =>
      staffReviewAction(database.db, {
        tenant: klinik,
        staffId,
        form: { action: 'reply', id, reply: 'Maaf, kami perbaiki.' },
      });
    expect(await reply(silent?.id ?? '')).toMatchObject({ ok: false, status: 409 });
    expect(await reply(consented?.id ?? '')).toMatchObject({ ok: true });
    const sent = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.destination, 'budi@example.id'), eq(outbox.template, 'review-reply')));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.locale).toBe('id');
    const [handled] = await database.db
      .select()
      .from(reviews)
      .where(eq(reviews.id, consented?.id ?? ''));
    expect(handled?.status).toBe('handled');
    // Another tenant's staff cannot act on it.
    expect(
      await staffReviewAction(database.db, {
        tenant: yayasan,
        staffId,
        form: { action: 'handled', id: consented?.id ?? '' },
      }),
    ).toMatchObject({ ok: false, status: 404 });

    // Home display: off by default; when on, only reviews whose authors agreed.
    expect(await homeReviews(database.db, klinik.id)).toEqual([]);
    expect(await saveReviewSettingsForm(database.db, klinik.id, { publicUrl: 'javascript:alert(1)' })).toMatchObject({
      ok: false,
    });
    expect(
      await saveReviewSettingsForm(database.db, klinik.id, {
        publicUrl: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
        showOnHome: 'yes',
      }),
    ).toMatchObject({ ok: true });
    const shown = await homeReviews(database.db, klinik.id);
    expect(shown.length).toBeGreaterThan(0);
    const agreed = await database.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.tenantId, klinik.id), eq(reviews.mayPublish, true)));
    expect(shown.every((r) => agreed.some((a) => a.comment === r.comment))).toBe(true);
  });

  it('limits posts per address', async () => {
    const target = await reviewTarget(database.db, klinik, 'dr-aina');
    const post = () =>
      submitReview(database.db, {
        tenant: klinik,
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
    const target = await reviewTarget(database.db, klinik, 'ampang');
    const now = new Date('2026-11-28T03:00:00Z');
    const post = (ip: string) =>
      submitReview(database.db, { tenant: klinik, locale: 'en', ip, form: { rating: '1' }, target, now });
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
    const rows = await database.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.tenantId, klinik.id), eq(reviews.createdAt, now)));
    expect(rows).toHaveLength(151);
    expect(rows.filter((r) => r.moderation === 'pending')).toHaveLength(REVIEW_RATE_LIMITS.burst.limit);
    expect(rows.filter((r) => r.moderation === 'held')).toHaveLength(151 - REVIEW_RATE_LIMITS.burst.limit);
    // Staff see them under the "held" filter.
    const held = await staffReviews(
      database.db,
      klinik.id,
      reviewFilterOf(new URLSearchParams('moderation=held'), 'Asia/Kuala_Lumpur'),
    );
    expect(held.filter((r) => r.createdAt.getTime() === now.getTime())).toHaveLength(
      151 - REVIEW_RATE_LIMITS.burst.limit,
    );
    expect(held.every((r) => r.moderation === 'held')).toBe(true);
  });

  it('limits feedback per contact, whatever the address', async () => {
    const organisation = await reviewTarget(database.db, klinik, undefined);
    if (!organisation) throw new Error('no organisation target');
    const now = new Date('2026-11-28T05:00:00Z');
    const send = (i: number) =>
      submitFeedback(database.db, {
        tenant: klinik,
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
    const [member] = await database.db.select().from(staff).where(eq(staff.tenantId, klinik.id)).limit(1);
    await saveReviewSettings(database.db, klinik.id, { showOnHome: true });
    const target = await reviewTarget(database.db, klinik, 'dr-aina');
    const comment = `Approved only ${randomUUID()}`;
    expect(
      await submitReview(database.db, {
        tenant: klinik,
        locale: 'en',
        ip: '192.0.2.77',
        form: { rating: '5', comment, publish: 'yes' },
        target,
      }),
    ).toMatchObject({ kind: 'done' });
    const shown = async () => (await homeReviews(database.db, klinik.id)).some((r) => r.comment === comment);
    expect(await shown()).toBe(false);
    const [row] = await database.db.select().from(reviews).where(eq(reviews.comment, comment));
    const act = (action: string) =>
      staffReviewAction(database.db, {
        tenant: klinik,
        staffId: member?.id ?? '',
        form: { action, id: row?.id ?? '' },
      });
    expect(await act('approve')).toMatchObject({ ok: true, message: 'review.staff.approved' });
    expect(await shown()).toBe(true);
    expect(await act('reject')).toMatchObject({ ok: true, message: 'review.staff.rejected' });
    expect(await shown()).toBe(false);
    // Another tenant's staff cannot approve it.
    expect(
      await staffReviewAction(database.db, {
        tenant: yayasan,
        staffId: member?.id ?? '',
        form: { action: 'approve', id: row?.id ?? '' },
      }),
    ).toMatchObject({ ok: false, status: 404 });
  });

  it('links private feedback sent after a verified review to its visit (issue 23)', async () => {
    await saveReviewSettings(database.db, klinik.id, { inviteDelayMinutes: 0 });
    const phone = '60171110009';
    const booking = await confirmed(phone, T0);
    await markAttendance(database.db, {
      tenantId: klinik.id,
      publicId: booking.publicId,
      outcome: 'completed',
      now: T0,
    });
    const [message] = await invitationsTo(phone);
    const token = tokenOf(message?.payload);
    const review = await submitReview(database.db, {
      tenant: klinik,
      locale: 'en',
      ip: '192.0.2.90',
      form: { rating: '2' },
      target: null,
      token,
    });
    // The thank-you page carries the visit on to the feedback link.
    expect(review.kind === 'done' && new URL(review.location, 'http://x').searchParams.get('t')).toBe(token);
    const organisation = await reviewTarget(database.db, klinik, undefined);
    if (!organisation) throw new Error('no organisation target');
    expect(
      await submitFeedback(database.db, {
        tenant: klinik,
        locale: 'en',
        ip: '192.0.2.90',
        form: { comment: 'The nurse was rude at the counter.' },
        target: organisation,
        token,
      }),
    ).toMatchObject({ kind: 'done' });
    const [feedback] = await database.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.bookingId, booking.id), eq(reviews.kind, 'feedback')));
    expect(feedback).toMatchObject({ bookingId: booking.id, resourceId });
    const listed = (await staffReviews(database.db, klinik.id, { kind: 'feedback' })).find(
      (r) => r.id === feedback?.id,
    );
    expect(listed?.visitName).toBe('Aisyah');
    // A token of another tenant (or none) links nothing.
    await submitFeedback(database.db, {
      tenant: yayasan,
      locale: 'en',
      ip: '192.0.2.91',
      form: { comment: 'Wrong tenant' },
      target: (await reviewTarget(database.db, yayasan, undefined)) ?? organisation,
      token,
    });
    const [stray] = await database.db.select().from(reviews).where(eq(reviews.comment, 'Wrong tenant'));
    expect(stray?.bookingId ?? null).toBeNull();
  });
});
