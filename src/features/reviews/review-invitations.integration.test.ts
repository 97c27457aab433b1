import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { reviewInvitations, reviews } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import {
  clinicReviewPage,
  openInvitation,
  reviewTarget,
  sendDueInvitations,
  staffReviews,
  submitFeedback,
  submitReview,
  unsubscribeByToken,
} from './index.server.ts';
import { saveReviewSettings } from './reviews-repo.server';
import { DAY, reviewsSuite, T0, tokenOf } from './test-support.ts';

// The booking.completed effect, as the running app registers it.
composeApp();

// Invitations after a completed visit, and what its link ties to the visit: the verified review
// and the private feedback sent after it.
describe.each(testDatabaseKinds)('review invitations on %s', (kind) => {
  const t = reviewsSuite(kind);

  it('sends one invitation per completed booking after the delay, whatever the job re-runs', async () => {
    await saveReviewSettings(t.db, t.klinik.id, { inviteDelayMinutes: 60 });
    const phone = '60171110001';
    const booking = await t.confirmed(phone, T0);
    const done = await t.complete(booking.publicId, new Date(T0.getTime() + 40 * 60_000));
    expect(done.ok).toBe(true);
    expect(await t.invitationsTo(phone)).toHaveLength(0);
    // Not yet due, then due: two runs at once and a re-run send it once.
    await sendDueInvitations(t.db, new Date(T0.getTime() + 60 * 60_000));
    expect(await t.invitationsTo(phone)).toHaveLength(0);
    const later = new Date(T0.getTime() + 2 * 60 * 60_000);
    const runs = await Promise.all([sendDueInvitations(t.db, later), sendDueInvitations(t.db, later)]);
    await sendDueInvitations(t.db, later);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    const sent = await t.invitationsTo(phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.locale).toBe('ms');
    expect((sent[0]?.payload as { link?: string } | undefined)?.link).toContain(`/ms/review/${t.resourceId}/clinic?i=`);
    // Completing it again finds it completed: still one.
    await t.complete(booking.publicId);
    const rows = await t.db.select().from(reviewInvitations).where(eq(reviewInvitations.bookingId, booking.id));
    expect(rows).toHaveLength(1);
  });

  it('sends no second invitation to one person within 14 days, and none after an unsubscribe', async () => {
    await saveReviewSettings(t.db, t.klinik.id, { inviteDelayMinutes: 0 });
    const phone = '60171110002';
    const first = await t.confirmed(phone, T0);
    await t.complete(first.publicId, T0);
    const second = await t.confirmed(phone, new Date(T0.getTime() + 3 * DAY));
    const at = new Date(T0.getTime() + 3 * DAY);
    await t.complete(second.publicId, at);
    const sent = await t.invitationsTo(phone);
    expect(sent).toHaveLength(1);
    const [skipped] = await t.db.select().from(reviewInvitations).where(eq(reviewInvitations.bookingId, second.id));
    expect(skipped).toMatchObject({ status: 'skipped', skipReason: 'recent' });

    // Unsubscribed through the first link: a visit 20 days on gets nothing either.
    expect(await unsubscribeByToken(t.db, t.klinik.id, tokenOf(sent[0]?.payload))).toBe(true);
    const third = await t.confirmed(phone, new Date(T0.getTime() + 20 * DAY));
    const at3 = new Date(T0.getTime() + 20 * DAY);
    await t.complete(third.publicId, at3);
    expect(await t.invitationsTo(phone)).toHaveLength(1);
    const [third_] = await t.db.select().from(reviewInvitations).where(eq(reviewInvitations.bookingId, third.id));
    expect(third_).toMatchObject({ status: 'skipped', skipReason: 'unsubscribed' });
  });

  it('ties a review from the link to its booking: one per booking, editable by its author for a while', async () => {
    await saveReviewSettings(t.db, t.klinik.id, { inviteDelayMinutes: 0, editWindowDays: 7 });
    const phone = '60171110003';
    const { booking, token } = await t.invitedVisit(phone);
    expect(await openInvitation(t.db, t.klinik.id, token)).not.toBeNull();
    // Another tenant's host opens nothing with it.
    expect(await clinicReviewPage(t.db, t.tenant('yayasan'), { pid: undefined, token })).toBeNull();

    const post = (rating: string, now: Date, comment = '') =>
      submitReview(t.db, {
        tenant: t.klinik,
        locale: 'en',
        ip: '192.0.2.10',
        form: { rating, comment },
        target: null,
        token,
        now,
      });
    expect(await post('2', new Date(T0.getTime() + DAY), 'Long wait')).toMatchObject({ kind: 'done' });
    expect(await post('4', new Date(T0.getTime() + 2 * DAY), 'They called back')).toMatchObject({ kind: 'done' });
    const rows = await t.db.select().from(reviews).where(eq(reviews.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 4, comment: 'They called back', resourceId: t.resourceId, kind: 'review' });
    // After the window the link still opens, but the review cannot change.
    const late = await post('1', new Date(T0.getTime() + 9 * DAY));
    expect(late).toMatchObject({ kind: 'invalid', status: 409 });
    const page = await clinicReviewPage(t.db, t.klinik, {
      pid: undefined,
      token,
      now: new Date(T0.getTime() + 9 * DAY),
    });
    expect(page?.closed).toBe(true);
  });

  it('links private feedback sent after a verified review to its visit (issue 23)', async () => {
    await saveReviewSettings(t.db, t.klinik.id, { inviteDelayMinutes: 0 });
    const phone = '60171110009';
    const { booking, token } = await t.invitedVisit(phone);
    const review = await submitReview(t.db, {
      tenant: t.klinik,
      locale: 'en',
      ip: '192.0.2.90',
      form: { rating: '2' },
      target: null,
      token,
    });
    // The thank-you page carries the visit on to the feedback link.
    expect(review.kind === 'done' && new URL(review.location, 'http://x').searchParams.get('t')).toBe(token);
    const organisation = await reviewTarget(t.db, t.klinik, undefined);
    if (!organisation) throw new Error('no organisation target');
    expect(
      await submitFeedback(t.db, {
        tenant: t.klinik,
        locale: 'en',
        ip: '192.0.2.90',
        form: { comment: 'The nurse was rude at the counter.' },
        target: organisation,
        token,
      }),
    ).toMatchObject({ kind: 'done' });
    const [feedback] = await t.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.bookingId, booking.id), eq(reviews.kind, 'feedback')));
    expect(feedback).toMatchObject({ bookingId: booking.id, resourceId: t.resourceId });
    const listed = (await staffReviews(t.db, t.klinik.id, { kind: 'feedback' })).find((r) => r.id === feedback?.id);
    expect(listed?.visitName).toBe('Aisyah');
    // A token of another tenant (or none) links nothing.
    await submitFeedback(t.db, {
      tenant: t.tenant('yayasan'),
      locale: 'en',
      ip: '192.0.2.91',
      form: { comment: 'Wrong tenant' },
      target: (await reviewTarget(t.db, t.tenant('yayasan'), undefined)) ?? organisation,
      token,
    });
    const [stray] = await t.db.select().from(reviews).where(eq(reviews.comment, 'Wrong tenant'));
    expect(stray?.bookingId ?? null).toBeNull();
  });
});
