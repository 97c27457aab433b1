// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TextArea from './TextArea';
import TextField from './TextField';

afterEach(cleanup);

describe('TextField', () => {
  it('labels the input and marks it required', () => {
    render(<TextField name="name" label="Full name" required requiredMessage="This field is required" />);
    const input = screen.getByLabelText(/Full name/);
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
  });

  it('shows "(optional)" for optional fields', () => {
    render(<TextField name="nick" label="Nickname" optionalLabel="(optional)" />);
    expect(screen.getByLabelText('Nickname (optional)')).toBeTruthy();
  });

  it('shows the required error on blur, linked by aria-describedby, and clears it when filled', () => {
    render(<TextField name="name" label="Full name" required requiredMessage="This field is required" />);
    const input = screen.getByLabelText(/Full name/) as HTMLInputElement;
    fireEvent.blur(input);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByText('This field is required');
    expect(input.getAttribute('aria-describedby')).toContain(error.id);
    expect(input.className).toContain('border-danger');
    fireEvent.input(input, { target: { value: 'Siti' } });
    expect(screen.queryByText('This field is required')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('blocks its form submit when invalid, and lets a valid one through', () => {
    const submitted = vi.fn((event: Event) => event.defaultPrevented);
    render(
      <form onSubmit={(e) => submitted(e.nativeEvent)}>
        <TextField name="name" label="Full name" required requiredMessage="Required!" />
        <button type="submit">Go</button>
      </form>,
    );
    const form = screen.getByRole('button', { name: 'Go' }).closest('form') as HTMLFormElement;
    const event = new Event('submit', { bubbles: true, cancelable: true });
    act(() => {
      form.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByText('Required!')).toBeTruthy();

    fireEvent.input(screen.getByLabelText(/Full name/), { target: { value: 'Ali' } });
    const again = new Event('submit', { bubbles: true, cancelable: true });
    act(() => {
      form.dispatchEvent(again);
    });
    expect(again.defaultPrevented).toBe(false);
  });

  it('runs a custom rule and emits changes', () => {
    const onChange = vi.fn();
    render(
      <TextField
        name="email"
        label="Email"
        onChange={onChange}
        validate={(v) => (v.includes('@') ? null : 'Bad email')}
      />,
    );
    const input = screen.getByLabelText('Email');
    fireEvent.input(input, { target: { value: 'x' } });
    expect(onChange).toHaveBeenCalledWith('x');
    fireEvent.blur(input);
    expect(screen.getByText('Bad email')).toBeTruthy();
  });

  it('shows an outside error until the visitor edits', () => {
    render(<TextField name="code" label="Code" error="Code already used" defaultValue="A1" />);
    expect(screen.getByText('Code already used')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Code'), { target: { value: 'A2' } });
    expect(screen.queryByText('Code already used')).toBeNull();
  });
});

describe('TextArea', () => {
  it('is labelled optional and posts its value', () => {
    render(<TextArea name="notes" label="Notes" optionalLabel="(optional)" defaultValue="Hi" />);
    const area = screen.getByLabelText('Notes (optional)') as HTMLTextAreaElement;
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.name).toBe('notes');
    expect(area.value).toBe('Hi');
  });

  it('has the same error state when required', () => {
    render(<TextArea name="reason" label="Reason" required requiredMessage="This field is required" />);
    const area = screen.getByLabelText(/Reason/);
    fireEvent.blur(area);
    expect(area.getAttribute('aria-invalid')).toBe('true');
  });
});
