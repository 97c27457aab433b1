import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundaryViolations, brokenRule, checkBoundaries, packageAliases, resolveImport } from './boundaries.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe('import boundaries (DESIGN.md §2)', () => {
  it('holds for the whole of src/', () => {
    expect(boundaryViolations(path.join(root, 'src'), packageAliases(root))).toEqual([]);
    expect(checkBoundaries(root)).toEqual([]);
  });

  it('resolves relative imports and the package aliases to the same file', () => {
    const aliases = packageAliases(root);
    expect(resolveImport('server/jobs/x.ts', '../../features/booking', aliases)).toBe('features/booking');
    expect(resolveImport('server/jobs/x.ts', '#features/booking', aliases)).toBe('features/booking');
    expect(resolveImport('server/x.ts', 'drizzle-orm', aliases)).toBeNull();
  });

  it('refuses each kind of violation', () => {
    expect(brokenRule('server/outbox/worker.server.ts', 'features/booking')).toMatch('server/ imports no feature');
    expect(brokenRule('lib/money.ts', 'i18n/locales')).toMatch('lib/ imports nothing');
    expect(brokenRule('features/booking/islands/SlotPicker.tsx', 'features/booking/booking-repo.server')).toMatch(
      'island never imports server-only',
    );
    expect(brokenRule('components/fields/PhoneInput.tsx', 'server/config.server')).toMatch('island');
    expect(brokenRule('stores/carts.ts', 'db/client.server')).toMatch('island');
    expect(brokenRule('pages/staff/appointments.astro', 'features/booking/booking-repo.server')).toMatch(
      'never a repository',
    );
    expect(brokenRule('features/invoices/components/InvoiceScreen.astro', 'server/database.server')).toMatch(
      'component loads no data',
    );
    expect(
      brokenRule('features/booking/components/BookingOutcome.astro', 'features/booking/booking-repo.server'),
    ).toMatch('component loads no data');
    expect(brokenRule('components/shell/Header.astro', 'db/client.server')).toMatch('component loads no data');
    expect(brokenRule('features/payments/x.server.ts', 'features/invoices/invoice-repo.server')).toMatch(
      'through its index.server.ts',
    );
    expect(brokenRule('features/payments/x.server.ts', 'features/booking/islands/SlotPicker')).toMatch(
      'never imports the islands',
    );
  });

  it('allows what the layers are for', () => {
    expect(brokenRule('features/payments/x.server.ts', 'features/invoices')).toBeNull();
    expect(brokenRule('features/payments/x.server.ts', 'features/invoices/index.server.ts')).toBeNull();
    expect(brokenRule('features/payments/payment-options.ts', 'features/invoices/invoice')).toBeNull();
    expect(brokenRule('pages/login.astro', 'features/auth/islands/LoginForm')).toBeNull();
    expect(brokenRule('app.server.ts', 'features/booking')).toBeNull();
    expect(brokenRule('features/booking/effects.server.ts', 'server/events')).toBeNull();
    expect(brokenRule('lib/money.ts', 'lib/dates')).toBeNull();
    expect(brokenRule('features/booking/components/BookingOutcome.astro', 'features/booking')).toBeNull();
    expect(brokenRule('features/booking/components/BookingPayment.astro', 'features/payments')).toBeNull();
  });
});

describe('reach, layers and cycles, on a planted tree', () => {
  /** A throwaway project: package.json with the aliases plus the given files under src/. */
  function tree(files: Record<string, string>): string[] {
    const dir = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
    try {
      writeFileSync(
        path.join(dir, 'package.json'),
        JSON.stringify({
          imports: { '#features/*': './src/features/*', '#db/*': './src/db/*', '#server/*': './src/server/*' },
        }),
      );
      for (const [file, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(dir, 'src', file)), { recursive: true });
        writeFileSync(path.join(dir, 'src', file), text);
      }
      return checkBoundaries(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const base = {
    'db/client.server.ts': "import { drizzle } from 'drizzle-orm/pglite';\nexport const db = drizzle;\n",
    'db/schema/index.ts': 'export const table = 1;\n',
    'server/database.server.ts': "import { db } from '#db/client.server.ts';\nexport { db };\n",
    'features/gifts/gift-rules.ts': 'export const min = 1;\n',
    'features/gifts/gift-repo.server.ts': "import { db } from '#server/database.server.ts';\nexport const load = db;\n",
    'features/gifts/index.ts': "export * from './gift-rules';\n",
    'features/gifts/index.server.ts': "export * from './index.ts';\nexport * from './gift-repo.server';\n",
  };

  const cases: [string, Record<string, string>, Record<string, string>, RegExp][] = [
    [
      "an island importing its feature's index.ts that re-exports .server code",
      {
        'features/gifts/index.ts': "export * from './gift-rules';\nexport * from './gift-repo.server';\n",
        'features/gifts/islands/GiftForm.tsx': "import { min } from '../index';\nexport const x = min;\n",
      },
      { 'features/gifts/islands/GiftForm.tsx': "import { min } from '../gift-rules';\nexport const x = min;\n" },
      /GiftForm\.tsx: reaches/,
    ],
    [
      'db/ importing a feature',
      { 'db/seed.ts': "import { min } from '#features/gifts/index.ts';\nexport const s = min;\n" },
      { 'db/seed.ts': "import { table } from './schema';\nexport const s = table;\n" },
      /db\/ imports nothing above it/,
    ],
    [
      'a layout importing the database singleton',
      { 'layouts/Shell.astro': "---\nimport { db } from '#server/database.server.ts';\n---\n<slot />\n" },
      { 'layouts/Shell.astro': '---\nconst { title } = Astro.props;\n---\n<title>{title}</title><slot />\n' },
      /layout opens no database/,
    ],
    [
      'a page importing db/client',
      { 'pages/a.astro': "---\nimport { db } from '#db/client.server.ts';\n---\n" },
      { 'pages/a.astro': "---\nimport { load } from '#features/gifts/index.server.ts';\n---\n{load}\n" },
      /page never imports db\//,
    ],
    [
      'a page importing drizzle-orm',
      { 'pages/a.astro': "---\nimport { eq } from 'drizzle-orm';\n---\n" },
      { 'pages/a.astro': "---\nimport type { SQL } from 'drizzle-orm';\n---\n" },
      /page never imports db\/ or drizzle-orm/,
    ],
    [
      'a new cycle between features',
      {
        'features/a/index.ts': "import { b } from '#features/b/index.ts';\nexport const a = b;\n",
        'features/b/index.ts': "import { a } from '#features/a/index.ts';\nexport const b = a;\n",
      },
      {
        'features/a/index.ts': "import { b } from '#features/b/index.ts';\nexport const a = b;\n",
        'features/b/index.ts':
          "import type { a } from '#features/a/index.ts';\nexport const b = 1 as unknown as typeof a;\n",
      },
      /runtime import cycle of 2 files/,
    ],
    [
      'an island reaching node:fs through a pure-looking file',
      {
        'features/gifts/format.ts': "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n",
        'features/gifts/islands/GiftForm.tsx': "import { f } from '../format';\nexport const x = f;\n",
      },
      {
        'features/gifts/format.ts': 'export const f = (n: number) => String(n);\n',
        'features/gifts/islands/GiftForm.tsx': "import { f } from '../format';\nexport const x = f;\n",
      },
      /reaches pkg:node:fs/,
    ],
    [
      "a feature's browser door (index.ts) exporting server code",
      { 'features/gifts/index.ts': "export * from './gift-rules';\nexport { load } from './gift-repo.server';\n" },
      { 'features/gifts/index.ts': "export * from './gift-rules';\nexport type { Gift } from './gift-repo.server';\n" },
      /features\/gifts\/index\.ts: reaches/,
    ],
    [
      'a relative import that climbs out of its feature',
      {
        'features/cart/cart.ts': "import { min } from '../gifts/gift-rules';\nexport const c = min;\n",
      },
      {
        'features/cart/cart.ts': "import { min } from '#features/gifts/gift-rules.ts';\nexport const c = min;\n",
      },
      /relative import stays inside features\/cart/,
    ],
    [
      'a relative import that leaves src/',
      {
        'features/cart/cart.test.ts':
          "import { pdfText } from '../../../scripts/pdf-text.mjs';\nexport const c = pdfText;\n",
      },
      { 'features/cart/cart.test.ts': "import { pdfText } from '#scripts/pdf-text.mjs';\nexport const c = pdfText;\n" },
      /never leaves src\//,
    ],
    [
      "another feature's server file reached past its server door",
      {
        'features/cart/cart.server.ts':
          "import { load } from '#features/gifts/gift-repo.server.ts';\nexport const c = load;\n",
      },
      {
        'features/cart/cart.server.ts':
          "import { load } from '#features/gifts/index.server.ts';\nexport const c = load;\n",
      },
      /through its index\.server\.ts/,
    ],
  ];

  it('the base tree is clean', () => {
    expect(tree(base)).toEqual([]);
  });
  for (const [name, bad, good, rule] of cases) {
    it(`catches ${name}, and passes its legal shape`, () => {
      const found = tree({ ...base, ...bad });
      expect(
        found.some((line) => rule.test(line)),
        found.join('\n'),
      ).toBe(true);
      expect(tree({ ...base, ...good })).toEqual([]);
    });
  }
});
