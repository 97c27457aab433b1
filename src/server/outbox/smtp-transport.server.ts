import nodemailer, { type NodemailerError, type SendMailOptions } from 'nodemailer';
import { redactSecrets } from './mask';
import { permanentFailure, retryableFailure, type Transport } from './message';

/** The part of a nodemailer transporter we use; tests hand in a streamTransport one. */
export interface Mailer {
  sendMail(mail: SendMailOptions): Promise<unknown>;
}

export interface SmtpTransportOptions {
  from: string;
  /** Texts to blank out of error messages (the password in SMTP_URL). */
  secrets?: readonly string[];
}

/** E-mail through any nodemailer transporter. */
export function createSmtpTransport(mailer: Mailer, { from, secrets = [] }: SmtpTransportOptions): Transport {
  return {
    name: 'smtp',
    async send(message) {
      if (message.channel !== 'email') throw permanentFailure(`smtp cannot send ${message.channel} messages`);
      try {
        await mailer.sendMail({
          from,
          to: message.destination,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
        });
      } catch (error) {
        throw smtpFailure(error, secrets);
      }
    },
  };
}

/** E-mail through the SMTP server of SMTP_URL (smtp://user:pass@host:587, smtps://… for implicit TLS). */
export function createSmtpTransportFromUrl(url: string, from: string): Transport {
  // Nodemailer waits minutes by default; a message must finish well inside the worker's lease.
  const mailer = nodemailer.createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 20_000,
  });
  return createSmtpTransport(mailer, { from, secrets: smtpUrlSecrets(url) });
}

export function smtpUrlSecrets(url: string): string[] {
  try {
    const { password } = new URL(url);
    return password ? [password, decodeURIComponent(password)] : [];
  } catch {
    return [url];
  }
}

/**
 * A rejection of the message itself (5xx reply, bad envelope) will be rejected again: permanent.
 * Connection trouble and 4xx replies may pass: retry.
 */
export function smtpFailure(error: unknown, secrets: readonly string[]): Error {
  const e = (error ?? {}) as NodemailerError;
  const text = redactSecrets(`smtp: ${e.message ?? String(error)}`, secrets);
  const permanent =
    e.permanent === true ||
    (e.permanent === undefined && e.code !== undefined && ['EENVELOPE', 'EMESSAGE', 'ECONFIG'].includes(e.code));
  return permanent ? permanentFailure(text) : retryableFailure(text);
}
