import type { Locale } from '#i18n/locales.ts';
import type { TemplateName } from './templates';

export type Channel = 'sms' | 'email';

/** What a template makes of a payload: the subject is for e-mail, SMS sends only the text. */
export interface RenderedMessage {
  subject: string;
  text: string;
  html?: string;
}

/** One message on its way out, as a transport receives it. */
export interface OutgoingMessage extends RenderedMessage {
  id: string;
  tenantId: string;
  channel: Channel;
  /** SMS: digits with the dial code (60123456789) or E.164 (+60123456789); e-mail: an address. */
  destination: string;
  template: TemplateName;
  locale: Locale;
}

/** Delivers messages of one channel. Throws on failure; see DeliveryError for "don't retry". */
export interface Transport {
  name: string;
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * A failed delivery that says whether trying again could help. Any other thrown value counts as
 * retryable: a surprise is more likely a passing outage than a message that can never go out.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export function permanentFailure(message: string): DeliveryError {
  return new DeliveryError(message, true);
}

export function retryableFailure(message: string): DeliveryError {
  return new DeliveryError(message, false);
}

export function isPermanentFailure(error: unknown): boolean {
  return error instanceof DeliveryError && error.permanent;
}
