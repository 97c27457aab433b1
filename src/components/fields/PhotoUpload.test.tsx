// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PhotoUpload from './PhotoUpload';

afterEach(cleanup);

function photo(name = 'me.png', size = 10) {
  return new File(['x'.repeat(size)], name, { type: 'image/png' });
}

describe('PhotoUpload', () => {
  it('is an image file input labelled optional', () => {
    render(<PhotoUpload name="photo" label="Photo upload" optionalLabel="(optional)" />);
    const input = screen.getByLabelText('Photo upload (optional)') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/*');
    expect(input.name).toBe('photo');
  });

  it('shows the chosen file and removes it', () => {
    const onChange = vi.fn();
    render(<PhotoUpload name="photo" label="Photo" removeLabel="Remove photo" onChange={onChange} />);
    const input = screen.getByLabelText('Photo');
    fireEvent.change(input, { target: { files: [photo()] } });
    expect(screen.getByText('me.png')).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith(expect.any(File));
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.queryByText('me.png')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('rejects a file over the size limit', () => {
    render(<PhotoUpload name="photo" label="Photo" maxBytes={5} tooLargeMessage="Too big" />);
    const input = screen.getByLabelText('Photo');
    fireEvent.change(input, { target: { files: [photo('big.png', 50)] } });
    expect(screen.getByText('Too big')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('blocks submit when required and empty', () => {
    render(
      <form>
        <PhotoUpload name="photo" label="Photo" required requiredMessage="This field is required" />
      </form>,
    );
    const form = document.querySelector('form') as HTMLFormElement;
    const event = new Event('submit', { bubbles: true, cancelable: true });
    act(() => {
      form.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByText('This field is required')).toBeTruthy();
  });
});
