// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_MESSAGE_KEYS } from '#components/fields/PhoneInput.tsx';
import { pick } from '#i18n/t.ts';
import LoginForm, { LOGIN_MESSAGE_KEYS } from './LoginForm';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A visitor whose browser is in Malaysia: an empty phone field takes its country from the zone. */
function inMalaysia() {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: 'Asia/Kuala_Lumpur' };
  });
}

function setup() {
  inMalaysia();
  const fetch = vi.fn(async () =>
    Response.json(
      { error: 'Phone number must be valid', fields: { phone: 'Phone number must be valid' } },
      { status: 400 },
    ),
  );
  vi.stubGlobal('fetch', fetch);
  const view = render(
    <LoginForm
      locale="en"
      messages={pick('en', LOGIN_MESSAGE_KEYS)}
      phoneMessages={pick('en', PHONE_MESSAGE_KEYS)}
      next="/account"
    />,
  );
  const form = view.container.querySelector('form') as HTMLFormElement;
  return { fetch, form, view };
}

describe('LoginForm', () => {
  it('says only "Phone number is required" for an empty phone, and sends nothing', async () => {
    const { fetch, form, view } = setup();
    fireEvent.submit(form);
    await waitFor(() => expect(screen.getByText('Phone number is required')).toBeTruthy());
    // Give a request that should not happen the time to come back.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
    expect(view.container.textContent).not.toContain('must be valid');
  });

  it('says only "must be valid" for a number too short', async () => {
    const { fetch, form, view } = setup();
    fireEvent.input(screen.getByLabelText(/Phone number/), { target: { value: '12' } });
    fireEvent.submit(form);
    await waitFor(() => expect(screen.getByText('Phone number must be valid')).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
    expect(view.container.textContent).not.toContain('is required');
  });
});
