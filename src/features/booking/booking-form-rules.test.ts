import { describe, expect, it } from 'vitest';
import { addressOrNull, checkAnswers, checkBookingForm } from './booking-form-rules';

const questions = [
  { id: 'fasting', kind: 'yes_no' as const, required: true },
  { id: 'medications', kind: 'text' as const, required: false },
];
const valid = { name: 'Aisyah', phone: '60123456789', email: '', address: {}, answers: { fasting: 'yes' } };

describe('checkAnswers', () => {
  it('keeps only the service’s questions, yes/no as yes or no, and enforces required ones', () => {
    expect(checkAnswers(questions, { fasting: ' yes ', medications: '  ', other: 'x' })).toEqual({
      answers: { fasting: 'yes' },
      errors: {},
    });
    expect(checkAnswers(questions, { fasting: 'maybe', medications: 'Metformin' })).toEqual({
      answers: { medications: 'Metformin' },
      errors: { fasting: 'field.required' },
    });
    expect(checkAnswers(questions, { fasting: 1 })).toEqual({ answers: {}, errors: { fasting: 'field.required' } });
  });
});

describe('checkBookingForm', () => {
  it('accepts a complete form', () => {
    expect(checkBookingForm(valid, questions)).toEqual({});
  });
  it('needs a name and a valid phone (SPEC.md §5 messages)', () => {
    expect(checkBookingForm({ ...valid, name: ' ', phone: '' }, questions)).toEqual({
      name: 'field.required',
      phone: 'phone.required',
    });
    expect(checkBookingForm({ ...valid, phone: '6015123456' }, questions)).toEqual({ phone: 'phone.invalid' });
    // Outside Malaysia only non-empty is checked.
    expect(checkBookingForm({ ...valid, phone: '62812345' }, questions)).toEqual({});
  });
  it('checks an email only when given, and an address only once started', () => {
    expect(checkBookingForm({ ...valid, email: 'not-an-email' }, questions)).toEqual({ email: 'auth.emailInvalid' });
    expect(checkBookingForm({ ...valid, address: { city: 'Shah Alam' } }, questions)).toEqual({
      'address.address_1': 'field.required',
      'address.postcode': 'field.required',
      'address.state': 'field.required',
      'address.country': 'field.required',
    });
  });
  it('enforces required intake questions', () => {
    expect(checkBookingForm({ ...valid, answers: {} }, questions)).toEqual({ 'answers.fasting': 'field.required' });
  });
});

describe('addressOrNull', () => {
  it('sends nothing for a blank address, and trims a filled one', () => {
    expect(addressOrNull({})).toBeNull();
    expect(addressOrNull({ address_1: ' ', city: '' })).toBeNull();
    expect(
      addressOrNull({
        address_1: ' 12 Jalan ',
        address_2: '',
        postcode: '40000',
        city: 'Shah Alam',
        state: 'Selangor',
        country: 'Malaysia',
      }),
    ).toEqual({ address_1: '12 Jalan', postcode: '40000', city: 'Shah Alam', state: 'Selangor', country: 'Malaysia' });
  });
});
