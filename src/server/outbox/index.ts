/**
 * The outbox: messages to customers and staff are written in the transaction of the change that
 * causes them (enqueueMessage) and delivered by a worker with retries (startOutboxWorker).
 * Transports: the server log by default; SMTP when SMTP_URL is set; Twilio SMS/WhatsApp when
 * TWILIO_* are set.
 */
export {
  type EnqueueOptions,
  enqueueMessage,
  type MessageToEnqueue,
  withdrawPendingMessages,
} from './enqueue-message.server';
export { type LoggedMessage, recentLogMessages } from './log-transport.server';
export { maskDestination } from './mask';
export {
  type Channel,
  DeliveryError,
  type OutgoingMessage,
  permanentFailure,
  type RenderedMessage,
  retryableFailure,
  type Transport,
} from './message';
export { MAX_ATTEMPTS, RETRY_DELAYS_MS } from './retry-policy';
export { createSmsTransport, type SmsProvider } from './sms-transport.server';
export {
  defineTemplate,
  greeting,
  type MessageText,
  organisationName,
  pageLink,
  renderMessage,
  type ServerTemplates,
  type TemplateDefinition,
  TemplateError,
  type TemplateName,
  type TemplatePayload,
  TemplateRegistry,
  templates,
  when,
} from './templates';
export { showsCodesOnPage, transportFor, transportNames } from './transports.server';
export { createTwilioSmsProvider, type TwilioConfig } from './twilio-sms.server';
export {
  type DeliveryOptions,
  type DeliveryReport,
  deliverDueMessages,
  kickOutbox,
  type OutboxWorker,
  startOutboxWorker,
} from './worker.server';
