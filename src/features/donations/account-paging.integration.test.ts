import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { donations } from '#db/schema/index.ts';
import { countQueries, testDatabaseKinds } from '#db/test-databases.ts';
import { findOrCreateCustomer } from '#features/auth/auth-repo.server.ts';
import { translator } from '#i18n/t.ts';
import { ACCOUNT_SECTION_ITEMS, accountPageIssue, accountSections } from '#server/account-sections.ts';
import { aFoundationSuite, insertTestCampaign } from './test-support.ts';

composeApp();

// Issue 25, costs flat in data: a donor's /account with many gifts reads one page of them
// (`?donations=N`, LIMIT/OFFSET, newest first, ties by id) and counts them in SQL.
describe.each(testDatabaseKinds)('a donor’s gifts on /account, in pages, on %s', (kind) => {
  const suite = aFoundationSuite(kind);

  it('shows a page of gifts without gaps or repeats, in as many statements with many gifts as with none', async () => {
    const customer = await findOrCreateCustomer(suite.db, suite.yayasan.id, { phone: '60175550031' }, 'en');
    const campaign = await insertTestCampaign(suite.db, suite.yayasan.id);
    const load = (db = suite.db, query = '') =>
      accountSections.load({
        db,
        tenant: suite.yayasan,
        customerId: customer.id,
        locale: 'en',
        t: translator('en'),
        query: new URLSearchParams(query),
      });
    const few = countQueries(suite.database);
    const none = (await load(few.db)).find((s) => s.key === 'donations');
    expect([none?.items, none?.paging?.total]).toEqual([[], 0]);
    const statementsWithNone = few.count();

    const gifts = 2 * ACCOUNT_SECTION_ITEMS + 2;
    const base = Date.parse('2026-10-01T00:00:00Z');
    const rows = await suite.db
      .insert(donations)
      .values(
        Array.from({ length: gifts }, (_, i) => ({
          tenantId: suite.yayasan.id,
          publicId: `d-paging-${i}`,
          campaignId: campaign.id,
          amountMinor: 1000 + i,
          status: 'paid' as const,
          customerId: customer.id,
          // Ties in time: the id orders them, so no gift shows twice or never.
          paidAt: new Date(base + (i % 3) * 60_000),
        })),
      )
      .returning({ id: donations.id, paidAt: donations.paidAt });
    // Another donor's and an unpaid gift are not this donor's list.
    await suite.db.insert(donations).values({
      tenantId: suite.yayasan.id,
      publicId: 'd-paging-pending',
      campaignId: campaign.id,
      amountMinor: 500,
      customerId: customer.id,
    });

    const counter = countQueries(suite.database);
    const first = (await load(counter.db)).find((s) => s.key === 'donations');
    expect(counter.count()).toBe(statementsWithNone);
    const pages = [first];
    for (const page of [2, 3])
      pages.push((await load(suite.db, `donations=${page}`)).find((s) => s.key === 'donations'));
    expect(pages.map((p) => p?.items.length)).toEqual([ACCOUNT_SECTION_ITEMS, ACCOUNT_SECTION_ITEMS, 2]);
    expect(pages.map((p) => p?.paging)).toEqual(
      [1, 2, 3].map((page) => ({ param: 'donations', page, pageSize: ACCOUNT_SECTION_ITEMS, total: gifts })),
    );
    // Newest first across the pages: each amount names its row.
    const expected = [...rows]
      .sort((a, b) => (b.paidAt?.getTime() ?? 0) - (a.paidAt?.getTime() ?? 0) || (a.id < b.id ? 1 : -1))
      .map((row) => rows.indexOf(row));
    const shown = pages.flatMap((p) => p?.items ?? []).map((item) => Number(/RM10\.(\d\d)/.exec(item.detail)?.[1]));
    expect(shown).toEqual(expected);

    const issue = async (query: string) => accountPageIssue(new URLSearchParams(query), await load(suite.db, query));
    expect(await issue('donations=3')).toBeNull();
    expect(await issue('donations=4')).toBe(404);
    expect(await issue('donations=0')).toBe(400);
    expect(await issue('donations=1e3')).toBe(400);
    // A section with nothing has its page 1.
    expect(await issue('fundraisers=1')).toBeNull();
    expect(await issue('fundraisers=2')).toBe(404);
  });
});
