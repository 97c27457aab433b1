// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PhoneInput, { type PhoneMessages } from './PhoneInput';

const messages: PhoneMessages = {
  'phone.label': 'Phone number',
  'phone.country': 'Country',
  'phone.searchCountry': 'Search country',
  'phone.noCountry': 'No country found',
  'phone.required': 'Phone number is required',
  'phone.invalid': 'Phone number must be valid',
  'field.optional': '(optional)',
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function zone(timeZone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone };
  });
}

function setup(props: Partial<Parameters<typeof PhoneInput>[0]> = {}) {
  const onChange = vi.fn();
  const view = render(
    <form>
      <PhoneInput name="phone" locale="en" messages={messages} onChange={onChange} {...props} />
    </form>,
  );
  const input = screen.getByLabelText(/Phone number/) as HTMLInputElement;
  const hidden = view.container.querySelector('input[type=hidden][name=phone]') as HTMLInputElement;
  const button = screen.getByRole('button', { name: /^Country:/ });
  return { onChange, input, hidden, button, form: view.container.querySelector('form') as HTMLFormElement };
}

describe('PhoneInput', () => {
  it('defaults to Malaysia and emits the dial-code-prefixed value', () => {
    zone('Asia/Kuala_Lumpur');
    const { input, hidden, onChange, button } = setup();
    expect(button.getAttribute('aria-label')).toBe('Country: Malaysia +60');
    fireEvent.input(input, { target: { value: '0123456789' } });
    expect(hidden.value).toBe('60123456789');
    expect(onChange).toHaveBeenLastCalledWith('60123456789');
  });

  it('accepts only digits', () => {
    const { input } = setup();
    fireEvent.input(input, { target: { value: '01a2-3 4(5)6+7.8x9' } });
    expect(input.value).toBe('0123456789');
    expect(input.getAttribute('inputmode')).toBe('numeric');
  });

  it('never shows letters: typing letters into an empty field leaves it empty', () => {
    const { input, hidden } = setup();
    fireEvent.input(input, { target: { value: 'abc' } });
    expect(input.value).toBe('');
    expect(hidden.value).toBe('');
    fireEvent.input(input, { target: { value: '012' } });
    fireEvent.input(input, { target: { value: '012x' } });
    expect(input.value).toBe('012');
  });

  it('drops the national trunk 0 of other countries (Indonesia: 0812-3456-7890 → 6281234567890)', async () => {
    zone('Asia/Jakarta');
    const { input, hidden, onChange } = setup();
    fireEvent.input(input, { target: { value: '0812-3456-7890' } });
    expect(input.value).toBe('081234567890');
    await waitFor(() => expect(hidden.value).toBe('6281234567890'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('6281234567890'));
  });

  it('chooses the country from the time zone when empty', () => {
    zone('Asia/Jakarta');
    const { button } = setup();
    expect(button.getAttribute('data-country')).toBe('ID');
    expect(button.textContent).toContain('+62');
  });

  it('chooses a country outside the region once the zone table has loaded', async () => {
    zone('Europe/London');
    const { button } = setup();
    await waitFor(() => expect(button.getAttribute('data-country')).toBe('GB'));
  });

  it('falls back to Malaysia for an unknown zone', () => {
    zone('Mars/Olympus');
    const { button } = setup();
    expect(button.getAttribute('data-country')).toBe('MY');
  });

  it('picks the country of an initial value by its dial code', () => {
    zone('Europe/London');
    const { button, input, hidden } = setup({ defaultValue: '628123456789' });
    expect(button.getAttribute('data-country')).toBe('ID');
    expect(input.value).toBe('8123456789');
    expect(hidden.value).toBe('628123456789');
  });

  it('says "Phone number is required" on blur when required and empty', () => {
    const { input } = setup({ required: true });
    fireEvent.blur(input);
    const error = screen.getByText('Phone number is required');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
  });

  it('checks the Malaysian pattern', () => {
    zone('Asia/Kuala_Lumpur');
    const { input } = setup({ required: true });
    fireEvent.input(input, { target: { value: '0153456789' } });
    fireEvent.blur(input);
    expect(screen.getByText('Phone number must be valid')).toBeTruthy();
    fireEvent.input(input, { target: { value: '01123456789' } });
    expect(screen.queryByText('Phone number must be valid')).toBeNull();
  });

  it('only checks other countries for non-empty', () => {
    zone('Asia/Singapore');
    const { input } = setup({ required: true });
    fireEvent.input(input, { target: { value: '1' } });
    fireEvent.blur(input);
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('is not required unless asked, and says so', () => {
    const { input } = setup();
    fireEvent.blur(input);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('(optional)')).toBeTruthy();
  });

  it('validates on form submit', () => {
    const { form } = setup({ required: true });
    const event = new Event('submit', { bubbles: true, cancelable: true });
    act(() => {
      form.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByText('Phone number is required')).toBeTruthy();
  });

  it('switches country when an international number is pasted', () => {
    zone('Asia/Kuala_Lumpur');
    const { input, hidden, button } = setup();
    fireEvent.paste(input, { clipboardData: { getData: () => '+62 812 3456 789' } });
    expect(button.getAttribute('data-country')).toBe('ID');
    expect(input.value).toBe('8123456789');
    expect(hidden.value).toBe('628123456789');
  });

  it('asks for autofill with the one token valid on type=tel, and splits an autofilled international number', () => {
    zone('Asia/Kuala_Lumpur');
    const { input, hidden, button } = setup();
    expect(input.type).toBe('tel');
    // HTML: on type=tel only the "Tel" group, i.e. `tel` (optionally sectioned/prefixed); `tel-national` is Text-only.
    expect(input.getAttribute('autocomplete')).toMatch(
      /^(section-\S+ )?((shipping|billing) )?((home|work|mobile|fax|pager) )?tel$/,
    );
    fireEvent.input(input, { target: { value: '+6281234567890' } });
    expect(button.getAttribute('data-country')).toBe('ID');
    expect(input.value).toBe('81234567890');
    expect(hidden.value).toBe('6281234567890');
  });

  describe('country picker', () => {
    // The list loads when first opened (React.lazy): it appears a moment after the click.
    it('opens a searchable listbox and picks with the keyboard', async () => {
      zone('Asia/Kuala_Lumpur');
      const { button, hidden, input } = setup();
      fireEvent.input(input, { target: { value: '91234567' } });
      fireEvent.click(button);
      expect(button.getAttribute('aria-expanded')).toBe('true');
      const search = await screen.findByRole('combobox', { name: 'Search country' });
      await waitFor(() => expect(document.activeElement).toBe(search));
      const listbox = screen.getByRole('listbox');
      expect(within(listbox).getAllByRole('option').length).toBeGreaterThan(230);
      // The current country is highlighted first.
      expect(search.getAttribute('aria-activedescendant')).toContain('MY');

      fireEvent.input(search, { target: { value: 'singa' } });
      const options = within(listbox).getAllByRole('option');
      expect(options[0]?.textContent).toContain('Singapore');
      expect(options[0]?.querySelector('img')?.getAttribute('src')).toBe('/flags/sg.svg');
      fireEvent.keyDown(search, { key: 'Enter' });

      expect(screen.queryByRole('listbox')).toBeNull();
      expect(button.getAttribute('data-country')).toBe('SG');
      expect(hidden.value).toBe('6591234567');
      expect(document.activeElement).toBe(input);
    });

    it('moves with the arrow keys and closes on Escape', async () => {
      const { button } = setup();
      fireEvent.keyDown(button, { key: 'ArrowDown' });
      const search = await screen.findByRole('combobox');
      await waitFor(() => expect(document.activeElement).toBe(search));
      fireEvent.input(search, { target: { value: 'ind' } });
      const first = search.getAttribute('aria-activedescendant');
      fireEvent.keyDown(search, { key: 'ArrowDown' });
      expect(search.getAttribute('aria-activedescendant')).not.toBe(first);
      const active = document.getElementById(search.getAttribute('aria-activedescendant') ?? '');
      expect(active?.getAttribute('aria-selected')).toBe('true');
      fireEvent.keyDown(search, { key: 'Escape' });
      expect(screen.queryByRole('listbox')).toBeNull();
      expect(document.activeElement).toBe(button);
    });

    it('opens with a typed letter as the search', async () => {
      const { button } = setup();
      fireEvent.keyDown(button, { key: 'j' });
      expect(((await screen.findByRole('combobox')) as HTMLInputElement).value).toBe('j');
    });

    it('says when no country matches', async () => {
      const { button } = setup();
      fireEvent.click(button);
      fireEvent.input(await screen.findByRole('combobox'), { target: { value: 'zzzz' } });
      expect(screen.getByRole('status').textContent).toBe('No country found');
    });

    it('shows localised names', async () => {
      render(<PhoneInput name="p" locale="ms" messages={messages} />);
      fireEvent.click(screen.getByRole('button', { name: /^Country:/ }));
      fireEvent.input(await screen.findByRole('combobox'), { target: { value: 'jerman' } });
      expect(screen.getAllByRole('option')[0]?.textContent).toContain('Jerman');
    });
  });
});
