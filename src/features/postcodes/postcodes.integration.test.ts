import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { lookupPostcode, PostcodeQuery } from './index.server.ts';
import { thePostcodeTable } from './test-support.ts';

describe.each(testDatabaseKinds)('postcodes on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await thePostcodeTable(database.db);
  });
  afterAll(async () => database?.close());

  it('finds the city, state and country of a postcode', async () => {
    expect(await lookupPostcode(database.db, '40000')).toEqual([
      { postcode: '40000', city: 'Shah Alam', state: 'Selangor', country: 'Malaysia' },
    ]);
  });

  it('shows federal territories with a tidy state name', async () => {
    const [first] = await lookupPostcode(database.db, '50400');
    expect(first?.state).toBe('W.P. Kuala Lumpur');
  });

  it('answers an empty list for a postcode that does not exist', async () => {
    expect(await lookupPostcode(database.db, '00000')).toEqual([]);
  });
});

describe('postcode query', () => {
  it('accepts exactly five characters only', () => {
    expect(PostcodeQuery.safeParse({ postcode: '40000' }).success).toBe(true);
    expect(PostcodeQuery.safeParse({ postcode: '4000' }).success).toBe(false);
    expect(PostcodeQuery.safeParse({ postcode: '400000' }).success).toBe(false);
    expect(PostcodeQuery.safeParse({ postcode: '' }).success).toBe(false);
  });
});
