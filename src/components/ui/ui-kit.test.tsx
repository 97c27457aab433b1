// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Alert from './Alert';
import Badge from './Badge';
import Button from './Button';
import ChoiceCard from './ChoiceCard';
import Field from './Field';
import { buttonClass } from './ui-classes';

afterEach(cleanup);

describe('Button', () => {
  it('is a button that does not submit unless told, in the variant’s look', () => {
    const onClick = vi.fn();
    render(
      <Button variant="danger" onClick={onClick}>
        Cancel
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Cancel' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toBe(buttonClass({ variant: 'danger' }));
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while loading: disabled, aria-busy, a decorative spinner, the label kept', () => {
    const onClick = vi.fn();
    const { container } = render(
      <Button type="submit" loading onClick={onClick}>
        Sending…
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('type')).toBe('submit');
    expect(container.querySelector('[data-spinner]')?.getAttribute('aria-hidden')).toBe('true');
    button.click(); // as a visitor's click: a disabled button does nothing
    expect(onClick).not.toHaveBeenCalled();
  });

  it('not loading: no aria-busy, no spinner', () => {
    const { container } = render(<Button>Pay</Button>);
    expect(screen.getByRole('button').getAttribute('aria-busy')).toBeNull();
    expect(container.querySelector('[data-spinner]')).toBeNull();
  });

  it('is a link when given href, and passes its ref on', () => {
    const ref = createRef<HTMLButtonElement | HTMLAnchorElement>();
    render(
      <Button href="/appointment" size="lg" ref={ref}>
        Choose a time
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Choose a time' });
    expect(link.getAttribute('href')).toBe('/appointment');
    expect(link.className).toContain('px-6');
    expect(ref.current).toBe(link);
  });
});

describe('Alert', () => {
  it('an error interrupts (role=alert); the other tones are polite (role=status)', () => {
    render(
      <>
        <Alert tone="error">Payment failed</Alert>
        <Alert tone="success">Saved</Alert>
        <Alert tone="warning" role="none" data-dev-code="123456">
          Code 123456
        </Alert>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Payment failed');
    expect(screen.getByRole('status').textContent).toBe('Saved');
    const quiet = screen.getByText('Code 123456');
    expect(quiet.getAttribute('role')).toBeNull();
    expect(quiet.getAttribute('data-dev-code')).toBe('123456');
  });
});

describe('Badge', () => {
  it('shows its text in its tone’s colours', () => {
    render(
      <Badge tone="success" data-status="paid">
        Paid
      </Badge>,
    );
    const badge = screen.getByText('Paid');
    expect(badge.className).toContain('bg-green-100');
    expect(badge.getAttribute('data-status')).toBe('paid');
  });
});

describe('ChoiceCard', () => {
  it('is a labelled native radio: checkable by its text, one of its group', () => {
    const chosen: string[] = [];
    const { rerender } = render(
      <fieldset>
        <ChoiceCard name="m" value="card" checked onChange={() => chosen.push('card')}>
          Card
        </ChoiceCard>
        <ChoiceCard name="m" value="fpx" checked={false} onChange={() => chosen.push('fpx')} description="Bank">
          FPX
        </ChoiceCard>
      </fieldset>,
    );
    const fpx = screen.getByRole('radio', { name: /FPX/ }) as HTMLInputElement;
    expect((screen.getByRole('radio', { name: 'Card' }) as HTMLInputElement).checked).toBe(true);
    expect(fpx.checked).toBe(false);
    fireEvent.click(screen.getByText('FPX'));
    expect(chosen).toEqual(['fpx']);
    // The card shows the keyboard focus of the radio inside it.
    expect(fpx.closest('label')?.className).toContain('has-[:focus-visible]:ring-2');
    rerender(
      <ChoiceCard name="m" value="fpx" checked onChange={() => {}} invalid>
        FPX
      </ChoiceCard>,
    );
    const checked = screen.getByRole('radio', { name: 'FPX' });
    expect(checked.closest('label')?.className).toContain('border-primary');
    expect(checked.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('Field', () => {
  it('names the control by its label and points it at the hint', () => {
    render(
      <Field label="Code" hint="Six digits" required>
        {(control) => <input {...control} name="code" />}
      </Field>,
    );
    const input = screen.getByLabelText(/Code/);
    const hint = screen.getByText('Six digits');
    expect(input.getAttribute('aria-describedby')).toBe(hint.id);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-required')).toBe('true');
  });

  it('marks the control invalid and points it at the hint and the error', () => {
    render(
      <Field label="Code" hint="Six digits" error="Enter the 6 digits">
        {(control) => <input {...control} name="code" />}
      </Field>,
    );
    const input = screen.getByLabelText('Code');
    const error = screen.getByText('Enter the 6 digits');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(`${screen.getByText('Six digits').id} ${error.id}`);
  });

  it('can be invalid without an error of its own (the form’s alert says why)', () => {
    render(
      <Field label="Code" invalid>
        {(control) => <input {...control} name="code" />}
      </Field>,
    );
    const input = screen.getByLabelText('Code');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });
});
