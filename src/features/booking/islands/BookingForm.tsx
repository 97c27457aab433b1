import { navigate } from 'astro:transitions/client';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import AddressFields, { ADDRESS_MESSAGE_KEYS } from '#components/fields/AddressFields.tsx';
import { FieldError, FieldLabel } from '#components/fields/FieldParts.tsx';
import { focusFirstInvalid } from '#components/fields/form-validation.ts';
import PhoneInput, { PHONE_MESSAGE_KEYS } from '#components/fields/PhoneInput.tsx';
import PhotoUpload from '#components/fields/PhotoUpload.tsx';
import TextArea from '#components/fields/TextArea.tsx';
import TextField from '#components/fields/TextField.tsx';
import Alert from '#components/ui/Alert.tsx';
import Button from '#components/ui/Button.tsx';
import ChoiceCard from '#components/ui/ChoiceCard.tsx';
import { keepEmbed } from '#features/embeds/embed-links.ts';
import type { Locale } from '#i18n/locales.ts';
import type { MessageKey, MessagesOf } from '#i18n/t.ts';
import type { Address } from '#lib/address.ts';
import { apiCall, NO_CONTENT } from '#lib/api-client.ts';
import { formatDateTime } from '#lib/dates.ts';
import { isEmail } from '#lib/email.ts';
import { $appointmentCart, type AppointmentCart, mergeAppointmentCart, removeAllCarts } from '#stores/carts.ts';
import { choiceFromSearch, type SlotChoice } from '../appointment-flow';
import { BookingMadeResponse } from '../booking-api.schema';
import { addressOrNull, type BookingFormValues, checkBookingForm, type FormQuestion } from '../booking-form-rules';
import { MAX_PHOTO_BYTES } from '../booking-photo';
import { bookingApiPath } from '../paths';

/** The strings this island needs: the page passes `pick(locale, BOOKING_FORM_MESSAGE_KEYS)`. */
export const BOOKING_FORM_MESSAGE_KEYS = [
  ...PHONE_MESSAGE_KEYS,
  ...ADDRESS_MESSAGE_KEYS,
  'form.name',
  'form.notes',
  'form.photo',
  'form.photoPreview',
  'form.photoRemove',
  'form.photoTooLarge',
  'form.photoHint',
  'appointment.photoSending',
  'form.invalid',
  'field.required',
  'field.optional',
  'auth.emailInvalid',
  'error.request',
  'error.offline',
  'loading',
  'appointment.email',
  'appointment.questions',
  'appointment.yes',
  'appointment.no',
  'appointment.noSlot',
  'appointment.chooseTimeLink',
  'appointment.changeTime',
  'appointment.toPayment',
  'appointment.sendRequest',
  'appointment.confirmBooking',
  'appointment.sending',
  'appointment.when',
  'appointment.practitioner',
  'appointment.anyPractitioner',
] as const satisfies readonly MessageKey[];

export interface BookingFormProps {
  serviceId: string;
  /** What Continue does: pay now, send a request, or book outright (nothing to pay). */
  next: 'payment' | 'request' | 'confirm';
  questions: FormQuestion[];
  resources: { id: string; name: string }[];
  /** The logged-in customer's details, to prefill; null for a visitor. */
  user: { name: string; phone: string | null; email: string | null } | null;
  locale: Locale;
  timeZone: string;
  /** The service page (slot step), locale prefix included. */
  servicePath: string;
  messages: MessagesOf<typeof BOOKING_FORM_MESSAGE_KEYS>;
}

type Slot = SlotChoice;

/**
 * The chosen slot of this service: from the cart, else from the URL (where storage is refused,
 * as in a third-party frame); null when the visitor has not chosen one.
 */
function slotOf(cart: AppointmentCart | null, serviceId: string, search: string): Slot | null {
  if (!cart || cart.serviceId !== serviceId || !cart.slotStart || !cart.date) return choiceFromSearch(search);
  return { resourceId: cart.resourceId ?? 'any', date: cart.date, slotStart: cart.slotStart };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The form step: the visitor's details for the slot in the appointment cart. Everything typed is
 * saved into the cart as it changes, so going back to change the time loses nothing. Continue
 * books the slot (POST /api/bookings) and opens the checkout or the request page; a slot taken
 * meanwhile sends the visitor back to choose another, with fresh times.
 */
export default function BookingForm(props: BookingFormProps) {
  // The cart lives in localStorage: read it after mount, so the server's HTML and the first
  // client render agree (no hydration mismatch).
  const [state, setState] = useState<{ slot: Slot | null; values: BookingFormValues; notes: string } | null>(null);
  useEffect(() => {
    const cart = $appointmentCart.get();
    const answers: Record<string, string> = {};
    for (const [key, value] of Object.entries(cart?.serviceId === props.serviceId ? (cart.answers ?? {}) : {})) {
      if (typeof value === 'string') answers[key] = value;
    }
    const mine = cart?.serviceId === props.serviceId ? cart : null;
    setState({
      slot: slotOf(cart, props.serviceId, location.search),
      values: {
        name: mine?.customer?.name || props.user?.name || '',
        phone: mine?.customer?.phone || props.user?.phone || '',
        email: mine?.customer?.email || props.user?.email || '',
        address: (mine?.address as Partial<Address> | undefined) ?? {},
        answers,
      },
      notes: text(mine?.notes),
    });
  }, [props.serviceId, props.user]);

  if (!state) {
    return (
      <p className="text-gray-700" aria-busy="true">
        {props.messages.loading}
      </p>
    );
  }
  if (!state.slot) {
    return (
      <Alert tone="warning" size="md" className="grid justify-items-start gap-3">
        <p className="text-gray-900">{props.messages['appointment.noSlot']}</p>
        <Button href={props.servicePath}>{props.messages['appointment.chooseTimeLink']}</Button>
      </Alert>
    );
  }
  return <DetailsForm {...props} slot={state.slot} initial={state.values} initialNotes={state.notes} />;
}

function DetailsForm({
  serviceId,
  next,
  questions,
  resources,
  locale,
  timeZone,
  servicePath,
  messages: m,
  slot,
  initial,
  initialNotes,
}: BookingFormProps & { slot: Slot; initial: BookingFormValues; initialNotes: string }) {
  const id = useId();
  const values = useRef<BookingFormValues>(initial);
  const notes = useRef(initialNotes);
  // The photo is sent once the booking exists (a File cannot go into the cart's localStorage).
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [answers, setAnswers] = useState<Record<string, string>>(initial.answers);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const save = (patch: Parameters<typeof mergeAppointmentCart>[0]) => {
    mergeAppointmentCart(patch);
  };
  const setCustomer = (field: 'name' | 'phone' | 'email', value: string) => {
    values.current = { ...values.current, [field]: value };
    save({ customer: { [field]: value } });
  };
  const setAnswer = (questionId: string, value: string) => {
    values.current = { ...values.current, answers: { ...values.current.answers, [questionId]: value } };
    setAnswers(values.current.answers);
    setErrors(({ [`answers.${questionId}`]: _, ...rest }) => rest);
    save({ answers: { [questionId]: value } });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAlert(null);
    const found = checkBookingForm(values.current, questions);
    const messages = Object.fromEntries(Object.entries(found).map(([key, k]) => [key, m[k]]));
    setErrors(messages);
    if (Object.keys(found).length > 0) {
      setAlert(m['form.invalid']);
      if (formRef.current) focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    try {
      const answer = await apiCall(BookingMadeResponse, '/api/bookings', {
        method: 'POST',
        locale,
        failed: m['error.request'],
        offline: m['error.offline'],
        body: {
          serviceId,
          resourceId: slot.resourceId,
          start: slot.slotStart,
          name: values.current.name.trim(),
          phone: values.current.phone,
          email: values.current.email.trim(),
          address: addressOrNull(values.current.address),
          answers: Object.fromEntries(Object.entries(values.current.answers).filter(([, v]) => v.trim() !== '')),
          notes: notes.current.trim() || undefined,
        },
      });
      if (answer.ok) {
        // The booking is made: the cart (name, phone, e-mail, address, answers) has done its job,
        // and must not greet the next person on this device, whatever page this visitor ends on.
        removeAllCarts();
        let next = String(answer.data.checkoutPath ?? answer.data.requestPath);
        if (photo) {
          setAlert(null);
          setSending(true);
          // The booking is made either way: a photo that fails to arrive is said on the next page.
          if (!(await sendPhoto(answer.data.publicId, photo, m['error.request']))) next += '&photo=failed';
        }
        await navigate(keepEmbed(next, location.href));
        return;
      }
      if (answer.status === 409 && answer.reason === 'slot_taken') {
        // Back to the slot step, on the same day, with fresh times and the reason.
        mergeAppointmentCart({ slotStart: undefined });
        await navigate(keepEmbed(`${servicePath}?taken=1`, location.href));
        return;
      }
      if (answer.fields) setErrors(answer.fields);
      setAlert(answer.message);
    } finally {
      setBusy(false);
    }
  };

  const practitioner =
    slot.resourceId === 'any'
      ? m['appointment.anyPractitioner']
      : (resources.find((r) => r.id === slot.resourceId)?.name ?? m['appointment.anyPractitioner']);
  const submitLabel =
    next === 'request'
      ? m['appointment.sendRequest']
      : next === 'payment'
        ? m['appointment.toPayment']
        : m['appointment.confirmBooking'];

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-6" data-booking-form>
      <div className="flex flex-wrap items-start justify-between gap-3 rounded-xl bg-primary-soft p-4">
        <dl className="grid gap-1 text-sm">
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-medium text-gray-700">{m['appointment.when']}:</dt>
            <dd className="font-semibold text-gray-900" data-chosen-slot={slot.slotStart}>
              {formatDateTime(new Date(slot.slotStart), locale, timeZone)}
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-medium text-gray-700">{m['appointment.practitioner']}:</dt>
            <dd className="text-gray-900">{practitioner}</dd>
          </div>
        </dl>
        <a href={servicePath} className="text-sm font-medium text-primary-strong underline">
          {m['appointment.changeTime']}
        </a>
      </div>

      <TextField
        name="name"
        label={m['form.name']}
        required
        requiredMessage={m['field.required']}
        autoComplete="name"
        defaultValue={initial.name}
        error={errors.name}
        onChange={(v) => setCustomer('name', v)}
      />
      <PhoneInput
        name="phone"
        locale={locale}
        messages={m}
        required
        defaultValue={initial.phone || undefined}
        onChange={(v) => setCustomer('phone', v)}
      />
      <TextField
        name="email"
        type="email"
        label={m['appointment.email']}
        optionalLabel={m['field.optional']}
        autoComplete="email"
        defaultValue={initial.email}
        error={errors.email}
        validate={(v) => (v.trim() && !isEmail(v) ? m['auth.emailInvalid'] : null)}
        onChange={(v) => setCustomer('email', v)}
      />
      <AddressFields
        name="address"
        messages={m}
        defaultValue={initial.address}
        onChange={(address) => {
          values.current = { ...values.current, address };
          save({ address });
        }}
      />

      {questions.length > 0 && (
        <fieldset className="grid gap-4 rounded-xl border border-gray-200 p-4">
          <legend className="px-1 font-semibold text-gray-900">{m['appointment.questions']}</legend>
          {questions.map((question) => {
            const errorId = `${id}-${question.id}-error`;
            const error = errors[`answers.${question.id}`];
            if (question.kind === 'yes_no') {
              return (
                <fieldset
                  key={question.id}
                  className="min-w-0"
                  aria-describedby={error ? errorId : undefined}
                  data-question={question.id}
                >
                  <FieldLabel as="legend" required={question.required} optionalLabel={m['field.optional']}>
                    {question.label}
                  </FieldLabel>
                  <div className="flex gap-3">
                    {(['yes', 'no'] as const).map((value) => (
                      <ChoiceCard
                        key={value}
                        size="sm"
                        name={`answers.${question.id}`}
                        value={value}
                        checked={answers[question.id] === value}
                        onChange={() => setAnswer(question.id, value)}
                        invalid={Boolean(error)}
                        required={question.required}
                      >
                        {m[`appointment.${value}`]}
                      </ChoiceCard>
                    ))}
                  </div>
                  <FieldError id={errorId} message={error} />
                </fieldset>
              );
            }
            return (
              <TextField
                key={question.id}
                name={`answers.${question.id}`}
                label={question.label}
                required={question.required}
                requiredMessage={m['field.required']}
                optionalLabel={m['field.optional']}
                defaultValue={answers[question.id] ?? ''}
                error={error}
                onChange={(v) => setAnswer(question.id, v)}
              />
            );
          })}
        </fieldset>
      )}

      <TextArea
        name="notes"
        label={m['form.notes']}
        optionalLabel={m['field.optional']}
        defaultValue={initialNotes}
        maxLength={2000}
        onChange={(v) => {
          notes.current = v;
          save({ notes: v });
        }}
      />
      <PhotoUpload
        name="photo"
        label={m['form.photo']}
        optionalLabel={m['field.optional']}
        previewAlt={m['form.photoPreview']}
        removeLabel={m['form.photoRemove']}
        maxBytes={MAX_PHOTO_BYTES}
        tooLargeMessage={m['form.photoTooLarge']}
        hint={m['form.photoHint']}
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
        onChange={setPhoto}
      />

      {alert && <Alert tone="error">{alert}</Alert>}
      <Button type="submit" size="lg" loading={busy} className="sm:justify-self-start">
        {sending ? m['appointment.photoSending'] : busy ? m['appointment.sending'] : submitLabel}
      </Button>
    </form>
  );
}

/** Sends the form's photo to the booking just made; false when it did not arrive. */
async function sendPhoto(publicId: string, photo: File, failed: string): Promise<boolean> {
  const answer = await apiCall(NO_CONTENT, bookingApiPath(publicId, 'photo'), {
    method: 'POST',
    body: photo,
    failed,
  });
  return answer.ok;
}
