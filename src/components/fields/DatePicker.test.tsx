// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DatePicker, { type DatePickerMessages } from './DatePicker';

const messages: DatePickerMessages = {
  'datepicker.label': 'Choose a date',
  'datepicker.selected': 'Selected: {dates}',
  'datepicker.none': 'No date selected',
  'field.required': 'This field is required',
  'field.optional': '(optional)',
};

afterEach(cleanup);

function day(name: RegExp) {
  return screen.getByRole('button', { name });
}

/** The weekday header row (aria-hidden: each day button's label carries its weekday). */
function weekdays(): string[] {
  return Array.from(document.querySelectorAll('.rdp-weekday')).map(
    (h) => h.getAttribute('aria-label') ?? h.textContent ?? '',
  );
}

function hidden(name: string): string[] {
  return Array.from(document.querySelectorAll<HTMLInputElement>(`input[type=hidden][name="${name}"]`)).map(
    (i) => i.value,
  );
}

describe('DatePicker', () => {
  it('starts weeks on Sunday', () => {
    render(<DatePicker name="d" locale="en" messages={messages} month="2030-06-01" />);
    const headers = weekdays();
    expect(headers[0]).toMatch(/^Su/);
    expect(headers[6]).toMatch(/^Sa/);
  });

  it('picks a single date into the hidden input and the summary', () => {
    const onChange = vi.fn();
    render(<DatePicker name="date" locale="en" messages={messages} month="2030-06-01" onChange={onChange} />);
    expect(screen.getByText('No date selected')).toBeTruthy();
    fireEvent.click(day(/June 12th, 2030/));
    expect(hidden('date')).toEqual(['2030-06-12']);
    expect(onChange).toHaveBeenLastCalledWith(['2030-06-12']);
    expect(screen.getByText('Selected: 12 Jun 2030')).toBeTruthy();
  });

  it('disables blocked dates and dates outside min and max', () => {
    render(
      <DatePicker
        name="date"
        locale="en"
        messages={messages}
        month="2030-06-01"
        min="2030-06-03"
        max="2030-06-27"
        blocked={['2030-06-10']}
      />,
    );
    expect((day(/June 10th, 2030/) as HTMLButtonElement).disabled).toBe(true);
    expect((day(/June 2nd, 2030/) as HTMLButtonElement).disabled).toBe(true);
    expect((day(/June 28th, 2030/) as HTMLButtonElement).disabled).toBe(true);
    expect((day(/June 3rd, 2030/) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(day(/June 10th, 2030/));
    expect(hidden('date')).toEqual(['']);
  });

  it('selects a range', () => {
    render(<DatePicker name="stay" mode="range" locale="en" messages={messages} month="2030-07-01" />);
    fireEvent.click(day(/July 3rd, 2030/));
    fireEvent.click(day(/July 6th, 2030/));
    expect(hidden('stay.from')).toEqual(['2030-07-03']);
    expect(hidden('stay.to')).toEqual(['2030-07-06']);
    expect(screen.getByText('Selected: 03 Jul 2030 – 06 Jul 2030')).toBeTruthy();
  });

  it('selects several dates, up to maxDays', () => {
    render(<DatePicker name="days" mode="multiple" locale="en" messages={messages} month="2030-08-01" maxDays={2} />);
    fireEvent.click(day(/August 5th, 2030/));
    fireEvent.click(day(/August 1st, 2030/));
    // Full: the other days are disabled until one is unselected.
    expect((day(/August 9th, 2030/) as HTMLButtonElement).disabled).toBe(true);
    expect(hidden('days')).toEqual(['2030-08-01', '2030-08-05']);
    fireEvent.click(day(/August 5th, 2030/));
    fireEvent.click(day(/August 9th, 2030/));
    expect(hidden('days')).toEqual(['2030-08-01', '2030-08-09']);
  });

  it('is localised in Malay and Indonesian', () => {
    const { unmount } = render(<DatePicker name="d" locale="ms" messages={messages} month="2030-08-01" />);
    expect(screen.getByText(/Ogos 2030/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /bulan seterusnya/ })).toBeTruthy();
    unmount();
    render(<DatePicker name="d" locale="id" messages={messages} month="2030-08-01" />);
    expect(screen.getByText(/Agustus 2030/)).toBeTruthy();
    expect(weekdays()[0]).toMatch(/^Min/);
  });

  it('requires a date on submit when required', () => {
    const { container } = render(
      <form>
        <DatePicker name="date" locale="en" messages={messages} month="2030-06-01" required />
      </form>,
    );
    const form = container.querySelector('form') as HTMLFormElement;
    const event = new Event('submit', { bubbles: true, cancelable: true });
    act(() => {
      form.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByText('This field is required')).toBeTruthy();
    fireEvent.click(day(/June 12th, 2030/));
    expect(screen.queryByText('This field is required')).toBeNull();
  });

  it('moves focus with the keyboard', () => {
    render(<DatePicker name="date" locale="en" messages={messages} month="2030-06-01" defaultValue={['2030-06-12']} />);
    const selected = day(/June 12th, 2030/);
    act(() => selected.focus());
    fireEvent.keyDown(selected, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/June 13th, 2030/);
    fireEvent.keyDown(document.activeElement as Element, { key: 'Enter' });
  });
});
