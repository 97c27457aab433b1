import { z } from 'zod';
import { MAX_MINOR_AMOUNT } from './invoice';

// Zod pieces for invoice input at the boundaries; messages are message keys (badRequest translates).

/** A payable amount in minor units: a whole number above zero, at most MAX_MINOR_AMOUNT. */
export const MinorAmount = z
  .number({ message: 'invoice.amountInvalid' })
  // First, so 1e20 (not a safe integer either) reads "too large" rather than "not a whole number".
  .max(MAX_MINOR_AMOUNT, { message: 'invoice.amountTooLarge' })
  .int({ message: 'invoice.amountInvalid' })
  .positive({ message: 'invoice.amountInvalid' });

export const InvoiceKindInput = z.enum(['appointment', 'donation'], { message: 'invoice.kindInvalid' });

/** An invoice's public id as it appears in URLs (anything else is simply not found). */
export const PUBLIC_ID = /^[A-Za-z0-9]{10,40}$/;
