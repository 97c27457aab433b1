import { type RefObject, useEffect, useRef } from 'react';

// Each field island validates itself when its form is submitted, so a plain Astro <form> holding
// several separate islands needs no coordinating component: an invalid field cancels the submit
// and shows its error. Listeners sit on the form in the capture phase, so they run before any
// submit handler of the form itself (an island's `onSubmit`, registered before the fields' effects)
// and before anything on the document: those see `defaultPrevented` when some field was invalid,
// and send nothing (else the server's answer would show a second, contradicting error).

const pendingFocus = new WeakSet<HTMLFormElement>();

/**
 * Moves focus to the first invalid control of the form in document order, once the fields have
 * re-rendered with their errors (React flushes them before the next task).
 */
export function focusFirstInvalid(form: HTMLFormElement): void {
  if (pendingFocus.has(form)) return;
  pendingFocus.add(form);
  setTimeout(() => {
    pendingFocus.delete(form);
    // data-invalid marks composite fields (the calendar) that cannot carry aria-invalid themselves.
    form.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]')?.focus();
  }, 0);
}

/**
 * Runs `validate` whenever the enclosing form of `ref` is submitted; when it returns false the
 * submit is cancelled and focus goes to the first invalid control.
 */
export function useFormSubmitValidation(ref: RefObject<HTMLElement | null>, validate: () => boolean): void {
  const latest = useRef(validate);
  latest.current = validate;
  useEffect(() => {
    const form = ref.current?.closest('form');
    if (!form) return;
    const onSubmit = (event: SubmitEvent | Event) => {
      if (latest.current()) return;
      event.preventDefault();
      focusFirstInvalid(form);
    };
    form.addEventListener('submit', onSubmit, { capture: true });
    return () => form.removeEventListener('submit', onSubmit, { capture: true });
  }, [ref]);
}
