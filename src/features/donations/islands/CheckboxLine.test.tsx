// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckboxLine } from './CheckboxLine';

afterEach(cleanup);

describe('CheckboxLine', () => {
  it('is a named checkbox labelled by the whole line, reporting its new state', () => {
    const onChecked = vi.fn();
    const view = render(
      <CheckboxLine name="taxReceipt" checked={false} onChecked={onChecked}>
        I want a tax receipt
      </CheckboxLine>,
    );
    const box = view.getByLabelText('I want a tax receipt') as HTMLInputElement;
    expect(box.type).toBe('checkbox');
    expect(box.name).toBe('taxReceipt');
    expect(box.className).toBe('h-4 w-4');
    fireEvent.click(box);
    expect(onChecked).toHaveBeenCalledWith(true);
  });

  it('leaves an uncontrolled box to the browser and takes other classes', () => {
    const onChecked = vi.fn();
    const view = render(
      <CheckboxLine defaultChecked onChecked={onChecked} className="line" boxClassName="mt-1 h-4 w-4">
        Anonymous
      </CheckboxLine>,
    );
    const box = view.getByLabelText('Anonymous') as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.hasAttribute('name')).toBe(false);
    expect(box.closest('label')?.className).toBe('line');
    fireEvent.click(box);
    expect(box.checked).toBe(false);
    expect(onChecked).toHaveBeenCalledWith(false);
  });
});
