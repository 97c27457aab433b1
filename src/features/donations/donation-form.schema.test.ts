import { describe, expect, it } from 'vitest';
import { formatMoney } from '#lib/money.ts';
import { checkoutLinesSchema, donorSchema, fieldErrors, formGiftSchema } from './donation-form.schema';

const MYR = { code: 'MYR', symbol: 'RM', multiplier: 100, exponent: 2 };
const IDR = { code: 'IDR', symbol: 'Rp', multiplier: 1, exponent: 0 };
const campaignId = '5b1c1a52-7f54-4bd2-9d64-2f6a1b0b7c11';

describe('the form’s gift', () => {
  it('reads a suggested amount in major units, a typed one taking precedence', () => {
    expect(formGiftSchema(MYR).parse({ campaignId, amount: '50.00', type: 'one-time' })).toEqual({
      campaignId,
      amountMinor: 5000,
      type: 'one-time',
      coverFees: false,
    });
    expect(
      formGiftSchema(MYR).parse({ campaignId, amount: '50.00', customAmount: 'RM1,234.5', type: 'one-time' })
        .amountMinor,
    ).toBe(123_450);
    expect(formGiftSchema(IDR).parse({ campaignId, customAmount: '250,000', type: 'one-time' }).amountMinor).toBe(
      250_000,
    );
  });

  it('reads rupiah typed the Indonesian way and shows them so (dots between thousands, every language)', () => {
    expect(formGiftSchema(IDR).parse({ campaignId, customAmount: '50.000', type: 'one-time' }).amountMinor).toBe(
      50_000,
    );
    expect(formGiftSchema(IDR).parse({ campaignId, customAmount: 'Rp 1.250.000', type: 'one-time' }).amountMinor).toBe(
      1_250_000,
    );
    expect(formatMoney(50_000, IDR)).toBe('Rp50.000');
    expect(formatMoney(1_504_500, IDR)).toBe('Rp1.504.500');
    expect(formatMoney(5000, MYR)).toBe('RM50.00');
  });

  it('takes the count of the chosen type only', () => {
    const gift = formGiftSchema(MYR).parse({
      campaignId,
      amount: '10',
      type: 'weekly',
      weeklyCount: '4',
      monthlyCount: '12',
      coverFees: 'on',
    });
    expect(gift).toEqual({ campaignId, amountMinor: 1000, type: 'weekly', count: 4, coverFees: true });
  });

  it('refuses a missing, zero, negative or over-precise amount on the amount field', () => {
    for (const customAmount of ['', '0', '-5', '1.234', 'lots']) {
      const result = formGiftSchema(MYR).safeParse({ campaignId, customAmount, type: 'one-time' });
      expect(result.success, customAmount).toBe(false);
      if (!result.success) expect(fieldErrors(result.error)).toEqual({ customAmount: 'donation.form.amountInvalid' });
    }
  });

  it('refuses an unknown type and a campaign id that is not a uuid', () => {
    expect(formGiftSchema(MYR).safeParse({ campaignId, amount: '1', type: 'yearly' }).success).toBe(false);
    expect(formGiftSchema(MYR).safeParse({ campaignId: 'x', amount: '1', type: 'one-time' }).success).toBe(false);
  });
});

describe('the checkout’s lines', () => {
  it('reads line.N fields in N order', () => {
    expect(
      checkoutLinesSchema().parse({
        'line.1.campaignId': campaignId,
        'line.1.amountMinor': '2000',
        'line.1.type': 'monthly',
        'line.1.count': '6',
        'line.0.campaignId': campaignId,
        'line.0.amountMinor': '1000',
        'line.0.type': 'one-time',
        name: 'Siti',
      }),
    ).toEqual([
      { campaignId, amountMinor: 1000, type: 'one-time', coverFees: false },
      { campaignId, amountMinor: 2000, type: 'monthly', count: 6, coverFees: false },
    ]);
  });

  it('refuses an empty cart, too many lines and a malformed line, naming the field', () => {
    const empty = checkoutLinesSchema().safeParse({ name: 'Siti' });
    expect(empty.success || fieldErrors(empty.error)).toEqual({ lines: 'donation.cart.empty' });
    const many = Object.fromEntries(
      Array.from({ length: 21 }, (_, i) => [
        [`line.${i}.campaignId`, campaignId],
        [`line.${i}.amountMinor`, '100'],
        [`line.${i}.type`, 'one-time'],
      ]).flat(),
    );
    const full = checkoutLinesSchema().safeParse(many);
    expect(full.success || fieldErrors(full.error)).toEqual({ lines: 'donation.cart.full' });
    const bad = checkoutLinesSchema().safeParse({
      'line.0.campaignId': campaignId,
      'line.0.amountMinor': '10.5',
      'line.0.type': 'one-time',
    });
    expect(bad.success || fieldErrors(bad.error)).toEqual({ 'line.0.amountMinor': 'donation.form.amountInvalid' });
  });
});

describe('the donor’s phone and address (the shared rules)', () => {
  const donor = (patch: Record<string, string>) =>
    donorSchema('6').safeParse({ name: 'Siti', phone: '012-3456789', idempotencyKey: 'k'.repeat(20), ...patch });
  const errorsOf = (result: ReturnType<typeof donor>) => (result.success ? {} : fieldErrors(result.error));

  it('takes a blank address as none and a whole one as the address', () => {
    const blank = donor({});
    expect(blank.success && blank.data.address).toBeNull();
    const whole = donor({
      address_1: '12 Jalan Mawar',
      postcode: '15000',
      city: 'Kota Bharu',
      state: 'Kelantan',
      country: 'Malaysia',
    });
    expect(whole.success && whole.data.address).toEqual({
      line1: '12 Jalan Mawar',
      postcode: '15000',
      city: 'Kota Bharu',
      state: 'Kelantan',
      country: 'Malaysia',
    });
  });

  it('wants the whole address once any part is filled (country too), and for a tax receipt', () => {
    const required = {
      address_1: 'field.required',
      postcode: 'field.required',
      city: 'field.required',
      state: 'field.required',
      country: 'field.required',
    };
    expect(errorsOf(donor({ address_2: 'Blok B' }))).toEqual(required);
    const { postcode: _postcode, ...rest } = required;
    expect(errorsOf(donor({ postcode: '15000' }))).toEqual(rest);
    expect(errorsOf(donor({ taxReceipt: 'on', taxId: '900101-03-5555' }))).toEqual(required);
  });

  it('checks the phone with the shared rule for its country', () => {
    expect(errorsOf(donor({ phone: '012' }))).toEqual({ phone: 'phone.invalid' });
    expect(errorsOf(donor({ phone: '+60 3-1234 5678' }))).toEqual({ phone: 'phone.invalid' });
    expect(errorsOf(donor({ phone: '' }))).toEqual({ phone: 'phone.required' });
    const ok = donor({ phone: '+60 12-345 6789' });
    expect(ok.success && ok.data.phone).toBe('60123456789');
  });
});
