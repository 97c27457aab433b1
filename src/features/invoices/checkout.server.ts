import { randomBytes } from 'node:crypto';
import type { Db } from '#db/client.server.ts';
import type { Currency } from '#lib/money.ts';
import { type CheckoutLine, checkoutAmounts, type InvoiceKind, type InvoiceView } from './invoice';
import { insertInvoice, nextInvoiceNumber, toView } from './invoice-repo.server';

export interface CheckoutInput {
  tenantId: string;
  currency: Currency;
  kind: InvoiceKind;
  /** What is being paid for: each line names its source (a booking, a donation); discounts subtract. */
  lines: CheckoutLine[];
  contact: { name: string; phone?: string | null; email?: string | null };
  customerId?: string | null;
  locale: string;
  dueAt?: Date | null;
  /** Keep the card that pays it for later instalments (a recurring donation by card). */
  savesPaymentMethod?: boolean;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 22 characters from a 57-letter alphabet: about 128 bits, unguessable, URL-safe. */
export function newPublicId(): string {
  const bytes = randomBytes(32);
  let id = '';
  for (const byte of bytes) {
    if (byte >= ALPHABET.length * 4) continue; // rejection sampling keeps letters uniform
    id += ALPHABET[byte % ALPHABET.length];
    if (id.length === 22) break;
  }
  return id.length === 22 ? id : newPublicId();
}

/**
 * Every checkout, whatever it sells: turns lines into one invoice with the tenant's next number,
 * in a transaction of its own. A checkout that belongs to a larger change (a booking, a donation)
 * uses `startCheckoutIn` with the caller's transaction, so both commit together.
 */
export async function startCheckout(db: Db, input: CheckoutInput): Promise<InvoiceView> {
  return db.transaction((tx) => startCheckoutIn(tx, input));
}

/**
 * `startCheckout` inside the caller's transaction (no savepoint of its own: a failure fails the
 * caller's change). The view is built from what the inserts return: nothing is read back.
 */
export async function startCheckoutIn(tx: Db, input: CheckoutInput): Promise<InvoiceView> {
  const { amounts, subtotal } = checkoutAmounts(input.lines);
  const number = await nextInvoiceNumber(tx, input.tenantId);
  const { row, lines } = await insertInvoice(
    tx,
    {
      tenantId: input.tenantId,
      publicId: newPublicId(),
      number,
      kind: input.kind,
      currencyCode: input.currency.code,
      subtotal,
      fee: 0,
      total: subtotal,
      customerId: input.customerId ?? null,
      contactName: input.contact.name,
      contactPhone: input.contact.phone ?? null,
      contactEmail: input.contact.email ?? null,
      locale: input.locale,
      dueAt: input.dueAt ?? null,
      savesPaymentMethod: input.savesPaymentMethod ?? false,
    },
    input.lines.map((line, position) => ({
      position,
      description: line.description,
      quantity: line.quantity,
      unitAmount: line.discount ? -line.unitAmount : line.unitAmount,
      amount: amounts[position] ?? 0,
      sourceKind: line.source?.kind ?? null,
      sourceId: line.source?.id ?? null,
    })),
  );
  return toView(row, lines, input.currency);
}
