// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AddressFields, { type AddressMessages } from './AddressFields';

const messages: AddressMessages = {
  'address.label': 'Address',
  'address.address1': 'Address line 1',
  'address.address2': 'Address line 2',
  'address.postcode': 'Postcode',
  'address.city': 'City',
  'address.state': 'State',
  'address.country': 'Country',
  'field.required': 'This field is required',
  'field.optional': '(optional)',
};

const fetchMock = vi.fn();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify([{ postcode: '40000', city: 'Shah Alam', state: 'Selangor', country: 'Malaysia' }]), {
      headers: { 'Content-Type': 'application/json' },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(props: Partial<Parameters<typeof AddressFields>[0]> = {}) {
  const onChange = vi.fn();
  const view = render(
    <form>
      <AddressFields name="address" messages={messages} onChange={onChange} {...props} />
    </form>,
  );
  const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
  return { onChange, form: view.container.querySelector('form') as HTMLFormElement, field };
}

function submit(form: HTMLFormElement): boolean {
  const event = new Event('submit', { bubbles: true, cancelable: true });
  act(() => {
    form.dispatchEvent(event);
  });
  return !event.defaultPrevented;
}

describe('AddressFields', () => {
  it('stacks line 1, line 2, then postcode, city, state and country', () => {
    setup();
    const names = Array.from(document.querySelectorAll('input')).map((i) => i.name);
    expect(names).toEqual([
      'address.address_1',
      'address.address_2',
      'address.postcode',
      'address.city',
      'address.state',
      'address.country',
    ]);
  });

  it('labels a whole optional address "(optional)" and lets it stay empty', () => {
    const { form } = setup();
    expect(screen.getByText('Address').closest('legend')?.textContent).toBe('Address (optional)');
    expect(submit(form)).toBe(true);
    expect(screen.queryByText('This field is required')).toBeNull();
  });

  it('requires the other parts once any part is filled', () => {
    const { form, field } = setup();
    fireEvent.input(field(/Postcode/), { target: { value: '4000' } });
    expect(submit(form)).toBe(false);
    for (const label of [/Address line 1/, /City/, /State/, /Country/]) {
      expect(field(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(field(/Address line 2/).getAttribute('aria-invalid')).toBeNull();
    expect(field(/Postcode/).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getAllByText('This field is required')).toHaveLength(4);
  });

  it('requires every part but line 2 when required, with line 2 labelled optional', () => {
    const { form, field } = setup({ required: true });
    expect(field(/Address line 2/).labels?.[0]?.textContent).toBe('Address line 2 (optional)');
    expect(submit(form)).toBe(false);
    expect(screen.getAllByText('This field is required')).toHaveLength(5);
    const error = screen.getAllByText('This field is required')[0];
    expect(field(/Address line 1/).getAttribute('aria-describedby')).toBe(error?.id);
  });

  it('shows all missing parts when focus leaves the address', () => {
    const { field } = setup({ required: true });
    const line1 = field(/Address line 1/);
    fireEvent.blur(line1, { relatedTarget: document.body });
    expect(screen.getAllByText('This field is required')).toHaveLength(5);
  });

  it('fills city, state and country from a 5-character postcode', async () => {
    const { field, onChange } = setup();
    fireEvent.input(field(/Postcode/), { target: { value: '40000' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/shipping/postcodes?postcode=40000');
    await waitFor(() => expect(field(/City/).value).toBe('Shah Alam'));
    expect(field(/State/).value).toBe('Selangor');
    expect(field(/Country/).value).toBe('Malaysia');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ postcode: '40000', city: 'Shah Alam', state: 'Selangor', country: 'Malaysia' }),
    );
  });

  it('does not look up postcodes of any other length', () => {
    const { field } = setup();
    for (const value of ['4', '400', '4000', '400001']) {
      fireEvent.input(field(/Postcode/), { target: { value } });
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('aborts a stale lookup when the postcode changes', async () => {
    const signals: AbortSignal[] = [];
    fetchMock.mockImplementation((_url: string, init: RequestInit) => {
      signals.push(init.signal as AbortSignal);
      return new Promise(() => {});
    });
    const { field } = setup();
    fireEvent.input(field(/Postcode/), { target: { value: '40000' } });
    fireEvent.input(field(/Postcode/), { target: { value: '4000' } });
    expect(signals[0]?.aborted).toBe(true);
  });

  it('ignores lookup errors silently', async () => {
    fetchMock.mockRejectedValue(new TypeError('network down'));
    const { field } = setup();
    fireEvent.input(field(/City/), { target: { value: 'Klang' } });
    fireEvent.input(field(/Postcode/), { target: { value: '41000' } });
    await act(async () => {
      await Promise.resolve();
    });
    expect(field(/City/).value).toBe('Klang');
    expect(document.querySelector('[role=alert]')).toBeNull();
  });

  it('ignores an empty or odd answer', async () => {
    fetchMock.mockResolvedValue(new Response('[]', { headers: { 'Content-Type': 'application/json' } }));
    const { field } = setup();
    fireEvent.input(field(/Postcode/), { target: { value: '99999' } });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(field(/City/).value).toBe('');
  });

  it('starts from a default value', () => {
    const { field } = setup({ defaultValue: { address_1: '1 Jalan Ampang', postcode: '50450', city: 'Kuala Lumpur' } });
    expect(field(/Address line 1/).value).toBe('1 Jalan Ampang');
    expect(field(/City/).value).toBe('Kuala Lumpur');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
