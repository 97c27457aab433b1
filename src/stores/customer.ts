import { atom, computed } from 'nanostores';

// SPEC.md §3: "customer name (defaults to a sample placeholder)". The sample is only ever shown
// as a placeholder (the greyed hint in an empty name input, or a preview such as "Dear Ahmad bin
// Abdullah" before the visitor types). It is never a value: `$customerName` starts empty, so a
// form can never submit the sample name as if the visitor had typed it.

/** A neutral Malaysian sample name for placeholders. */
export const CUSTOMER_NAME_PLACEHOLDER = 'Ahmad bin Abdullah';

/** What the visitor typed as their name; '' until they do. Not persisted (personal data). */
export const $customerName = atom<string>('');

/** The name to show in previews: the typed name, else the placeholder. Display only. */
export const $customerNameOrPlaceholder = computed($customerName, (name) => name.trim() || CUSTOMER_NAME_PLACEHOLDER);

export function setCustomerName(name: string): void {
  // Cap the length: it ends up in previews and receipts.
  $customerName.set(name.slice(0, 200));
}
