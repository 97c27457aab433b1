// The loading every "back from the gateway" page shares (`/invoices/{publicId}/verify` and its
// donation twin): the invoice of that kind, the payment asked about (settling it even when the
// gateway's webhook never comes), the invoice read again, and the status the screen shows. Each
// page then adds its outcome (the booking, the donors' thanks).
import type { Db } from '#db/client.server.ts';
import { type InvoiceKind, type InvoiceView, invoiceByPublicId } from '#features/invoices/index.server.ts';
import type { Currency } from '#lib/money.ts';
import { appProviders } from './app-providers.server';
import { verifyScreenStatus } from './payment-state';
import { type VerifiedPayment, verifyReturn } from './verify-payment.server';

export type VerifyPage =
  | { kind: 'not-found' }
  | { kind: 'bad-link' }
  | { kind: 'shown'; invoice: InvoiceView; verified: VerifiedPayment | null; shownStatus: InvoiceView['status'] };

/** Verifies the payment the return address names (`?payment=`) of the invoice `publicId`, of `kind`. */
export async function loadVerifyPage(
  locals: { db: Db; tenant: { id: string; currency: Currency } },
  kind: InvoiceKind,
  publicId: string | undefined,
  url: URL,
): Promise<VerifyPage> {
  const { db, tenant } = locals;
  const input = { kind, publicId: publicId ?? '', payment: url.searchParams.get('payment') };
  const found = await invoiceByPublicId(db, tenant, input.publicId, input.kind);
  if (!found) return { kind: 'not-found' };
  const result = await verifyReturn(db, appProviders(db), {
    tenantId: tenant.id,
    invoiceId: found.id,
    payment: input.payment,
  });
  if (result === 'bad_link') return { kind: 'bad-link' };
  if (result === 'not_found') return { kind: 'not-found' };
  // Read again: the verification may just have settled the payment and moved the invoice.
  const invoice = (await invoiceByPublicId(db, tenant, found.publicId, input.kind)) ?? found;
  const shownStatus = verifyScreenStatus(result.verified, invoice.status) === 'paid' ? 'paid' : invoice.status;
  return { kind: 'shown', invoice, verified: result.verified, shownStatus };
}
