import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.server';
import type { LocalizedText } from '../../i18n/locales';
import type { Currency } from '../../lib/money';
import { type InvoiceKind, type InvoiceView, MAX_MINOR_AMOUNT } from './invoice';
import { insertInvoice, nextInvoiceNumber, toViews } from './invoice-repo.server';

export interface NewInvoiceLine {
  description: Partial<LocalizedText>;
  quantity: number;
  /** Minor units. */
  unitAmount: number;
}

export interface NewInvoiceInput {
  tenantId: string;
  currency: Currency;
  kind: InvoiceKind;
  lines: NewInvoiceLine[];
  contact: { name: string; phone?: string | null; email?: string | null };
  customerId?: string | null;
  locale: string;
  referenceId?: string | null;
  dueAt?: Date | null;
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
 * Creates an invoice with its lines and the tenant's next number. Pass the caller's transaction
 * when the invoice belongs to a larger change (a booking, a donation) so both commit together.
 */
export async function createInvoice(db: Db, input: NewInvoiceInput): Promise<InvoiceView> {
  if (input.lines.length === 0) throw new RangeError('an invoice needs at least one line');
  for (const line of input.lines) {
    if (!Number.isSafeInteger(line.unitAmount) || line.unitAmount < 0)
      throw new RangeError('line amounts are non-negative integers');
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
      throw new RangeError('line quantities are positive integers');
  }
  const subtotal = input.lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
  if (subtotal > MAX_MINOR_AMOUNT) throw new RangeError(`an invoice total is at most ${MAX_MINOR_AMOUNT} minor units`);
  const row = await db.transaction(async (tx) => {
    const number = await nextInvoiceNumber(tx, input.tenantId);
    return insertInvoice(
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
        referenceId: input.referenceId ?? null,
        dueAt: input.dueAt ?? null,
      },
      input.lines.map((line, position) => ({
        position,
        description: line.description,
        quantity: line.quantity,
        unitAmount: line.unitAmount,
        amount: line.unitAmount * line.quantity,
      })),
    );
  });
  const [view] = await toViews(db, [row], input.currency);
  if (!view) throw new Error('invoice not readable after creation');
  return view;
}
