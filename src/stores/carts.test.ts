// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

type CartsModule = typeof import('./carts');

/** A fresh copy of the module, as at page start-up. */
async function load(): Promise<CartsModule> {
  vi.resetModules();
  return import('./carts');
}

const line = { campaignId: 'c1', amountMinor: 5000, type: 'monthly', count: 6, coverFees: true } as const;
const donation = { lines: [line] };
const appointment = { serviceId: 's1', resourceId: 'any', date: '2026-03-01' };

describe('carts', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('stores the donation cart as JSON under donation_cart', async () => {
    const carts = await load();
    carts.setDonationCart(donation);
    expect(JSON.parse(localStorage.getItem('donation_cart') ?? 'null')).toEqual(donation);
    expect(carts.$donationCart.get()).toEqual(donation);
  });

  it('setting one cart first clears both stored carts', async () => {
    const carts = await load();
    carts.setAppointmentCart(appointment);
    expect(localStorage.getItem('appointment_cart')).not.toBeNull();

    carts.setDonationCart(donation);

    expect(localStorage.getItem('appointment_cart')).toBeNull();
    expect(carts.$appointmentCart.get()).toBeNull();
    expect(carts.$donationCart.get()).toEqual(donation);

    carts.setAppointmentCart(appointment);
    expect(localStorage.getItem('donation_cart')).toBeNull();
    expect(carts.$donationCart.get()).toBeNull();
    expect(JSON.parse(localStorage.getItem('appointment_cart') ?? 'null')).toEqual(appointment);
  });

  it('clears both even before storing a cart of the same kind', async () => {
    const carts = await load();
    carts.setDonationCart(donation);
    const seen: (string | null)[] = [];
    const unbind = carts.$donationCart.listen((cart) => seen.push(cart ? (cart.lines[0]?.campaignId ?? null) : null));
    carts.setDonationCart({ lines: [{ ...line, campaignId: 'c2' }] });
    unbind();
    expect(seen).toEqual([null, 'c2']);
  });

  it('merges partial data into the appointment cart, nested details included', async () => {
    const carts = await load();
    carts.mergeAppointmentCart({ serviceId: 's1' });
    carts.mergeAppointmentCart({ slotStart: '2026-03-01T09:00:00+08:00', customer: { name: 'Siti' } });
    carts.mergeAppointmentCart({ customer: { phone: '60123456789' }, answers: { q1: 'yes' } });
    carts.mergeAppointmentCart({ answers: { q2: 3 } });
    expect(carts.$appointmentCart.get()).toEqual({
      serviceId: 's1',
      slotStart: '2026-03-01T09:00:00+08:00',
      customer: { name: 'Siti', phone: '60123456789' },
      answers: { q1: 'yes', q2: 3 },
    });
    expect(JSON.parse(localStorage.getItem('appointment_cart') ?? 'null')).toEqual(carts.$appointmentCart.get());
  });

  it('merging clears a donation cart', async () => {
    const carts = await load();
    carts.setDonationCart(donation);
    carts.mergeAppointmentCart({ serviceId: 's1' });
    expect(localStorage.getItem('donation_cart')).toBeNull();
    expect(carts.$donationCart.get()).toBeNull();
  });

  it('removeAllCarts empties memory and storage', async () => {
    const carts = await load();
    carts.setDonationCart(donation);
    carts.removeAllCarts();
    expect(carts.$donationCart.get()).toBeNull();
    expect(carts.$appointmentCart.get()).toBeNull();
    expect(localStorage.getItem('donation_cart')).toBeNull();
    expect(localStorage.getItem('appointment_cart')).toBeNull();
  });

  it('recovers both carts from storage at start-up', async () => {
    localStorage.setItem('donation_cart', JSON.stringify(donation));
    localStorage.setItem('appointment_cart', JSON.stringify(appointment));
    const carts = await load();
    expect(carts.$donationCart.get()).toEqual(donation);
    expect(carts.$appointmentCart.get()).toEqual(appointment);
  });

  it('keeps numeric ids from older data as strings', async () => {
    localStorage.setItem('donation_cart', JSON.stringify({ lines: [{ ...line, campaignId: 42 }] }));
    const carts = await load();
    expect(carts.$donationCart.get()?.lines[0]?.campaignId).toBe('42');
  });

  it.each([
    ['broken JSON', '{"campaignId":'],
    ['wrong shape', JSON.stringify({ campaignId: 'c1', amount: 'lots', type: 'monthly' })],
    ['unknown type', JSON.stringify({ lines: [{ ...line, type: 'yearly' }] })],
    ['fractional amount', JSON.stringify({ lines: [{ ...line, amountMinor: 10.5 }] })],
    ['not an object', '"hello"'],
    ['null', 'null'],
  ])('drops a malformed stored donation cart (%s) without crashing', async (_, raw) => {
    localStorage.setItem('donation_cart', raw);
    const carts = await load();
    expect(carts.$donationCart.get()).toBeNull();
    expect(localStorage.getItem('donation_cart')).toBeNull();
  });

  it('drops a tampered appointment cart', async () => {
    localStorage.setItem('appointment_cart', JSON.stringify({ date: 'tomorrow', slotStart: 12 }));
    const carts = await load();
    expect(carts.$appointmentCart.get()).toBeNull();
  });

  it('rejects an invalid cart from the caller before touching storage', async () => {
    const carts = await load();
    carts.setAppointmentCart(appointment);
    expect(() => carts.setDonationCart({ lines: [{ ...line, amountMinor: -1 }] })).toThrow();
    expect(carts.$appointmentCart.get()).toEqual(appointment);
  });

  it('follows changes another tab makes', async () => {
    const carts = await load();
    const unbind = carts.$donationCart.listen(() => {});
    localStorage.setItem('donation_cart', JSON.stringify(donation));
    window.dispatchEvent(new StorageEvent('storage', { key: 'donation_cart', newValue: JSON.stringify(donation) }));
    expect(carts.$donationCart.get()).toEqual(donation);
    window.dispatchEvent(new StorageEvent('storage', { key: 'donation_cart', newValue: '{"bad":true}' }));
    expect(carts.$donationCart.get()).toBeNull();
    unbind();
  });
});
