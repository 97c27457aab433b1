import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundaryViolations, brokenRule, packageAliases, resolveImport } from './boundaries.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe('import boundaries (DESIGN.md §2)', () => {
  it('holds for the whole of src/', () => {
    expect(boundaryViolations(path.join(root, 'src'), packageAliases(root))).toEqual([]);
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
      'through its index.ts',
    );
    expect(brokenRule('features/payments/x.server.ts', 'features/booking/islands/SlotPicker')).toMatch(
      'never imports the islands',
    );
  });

  it('allows what the layers are for', () => {
    expect(brokenRule('features/payments/x.server.ts', 'features/invoices')).toBeNull();
    expect(brokenRule('features/payments/payment-options.ts', 'features/invoices/invoice')).toBeNull();
    expect(brokenRule('pages/login.astro', 'features/auth/islands/LoginForm')).toBeNull();
    expect(brokenRule('app.server.ts', 'features/booking')).toBeNull();
    expect(brokenRule('features/booking/effects.server.ts', 'server/events')).toBeNull();
    expect(brokenRule('lib/money.ts', 'lib/dates')).toBeNull();
    expect(brokenRule('features/booking/components/BookingOutcome.astro', 'features/booking')).toBeNull();
    expect(brokenRule('features/booking/components/BookingPayment.astro', 'features/payments')).toBeNull();
  });
});
