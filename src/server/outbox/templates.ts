import { z } from 'zod';
import { isLocale, type Locale } from '#i18n/locales.ts';
import { type Translate, translator } from '#i18n/t.ts';
import type { RenderedMessage } from './message';

/**
 * Every outbox template of the app, by name, with its payload schema. Empty here: each feature
 * declares the templates it sends where it defines them
 * (`declare module '…/server/outbox/templates' { interface ServerTemplates { receipt: typeof ReceiptPayload } }`),
 * so server/ knows no feature and a misspelt template name is a type error. The names are stored
 * in outbox rows: never rename one.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the features through declaration merging
export interface ServerTemplates {}

export type TemplateName = keyof ServerTemplates & string;
/** What a caller passes for a template (fields with defaults may be left out). */
export type TemplatePayload<T extends TemplateName> = ServerTemplates[T] extends z.ZodType
  ? z.input<ServerTemplates[T]>
  : never;
type ParsedPayload<T extends TemplateName> = ServerTemplates[T] extends z.ZodType
  ? z.output<ServerTemplates[T]>
  : never;

/**
 * A message's wording: the subject (e-mail only) and its paragraphs, which become blank-line
 * separated text and <p> elements in HTML. Written with `t`, the translator of the customer's
 * language, from the `message.*` keys of the three catalogues.
 */
export interface MessageText {
  subject: string;
  paragraphs: string[];
}

export interface TemplateDefinition<T extends TemplateName = TemplateName> {
  name: T;
  payload: ServerTemplates[T];
  render: (payload: ParsedPayload<T>, t: Translate) => MessageText;
  /** How long after enqueueing the message is still worth sending (a code or link that expired is noise). */
  validForMs?: (payload: ParsedPayload<T>) => number;
}

/** Types a feature's template definition against its declared name and payload. */
export const defineTemplate = <T extends TemplateName>(definition: TemplateDefinition<T>) => definition;

/** Any one template's definition, typed against its own name and payload. */
type AnyTemplateDefinition = { [K in TemplateName]: TemplateDefinition<K> }[TemplateName];

/** A feature's templates as the one function the composition root calls to register them on the outbox. */
export function templateRegistration(...definitions: AnyTemplateDefinition[]): (registry: TemplateRegistry) => void {
  return (registry) => {
    for (const definition of definitions) registry.register(definition);
  };
}

interface StoredDefinition {
  name: string;
  payload: z.ZodType;
  render: (payload: unknown, t: Translate) => MessageText;
  validForMs?: (payload: unknown) => number;
}

/** A message that can never be rendered (unknown template, bad payload): retrying cannot help. */
export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

/**
 * The templates the outbox can render. Features register theirs from the composition root
 * (src/app.server.ts); a row naming a template nobody registered is a TemplateError.
 */
export class TemplateRegistry {
  readonly #definitions = new Map<string, StoredDefinition>();

  /** Registers (or, under the same name, replaces) a template. */
  register<T extends TemplateName>(definition: TemplateDefinition<T>): void {
    this.#definitions.set(definition.name, definition as unknown as StoredDefinition);
  }

  /** The registered template names, in registration order. */
  names(): string[] {
    return [...this.#definitions.keys()];
  }

  /** The definition registered under a name (tests of the composition root). */
  definition(name: string): unknown {
    return this.#definitions.get(name);
  }

  has(name: unknown): name is TemplateName {
    return typeof name === 'string' && this.#definitions.has(name);
  }

  #definitionOf(template: string): StoredDefinition {
    const definition = this.#definitions.get(template);
    if (!definition) throw new TemplateError(`unknown template "${template}"`);
    return definition;
  }

  /** Checks a payload against its template; the error names fields only, never values (codes are secret). */
  parsePayload(template: string, payload: unknown): unknown {
    const parsed = this.#definitionOf(template).payload.safeParse(payload);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`);
      throw new TemplateError(`invalid payload for ${template}: ${problems.join('; ')}`);
    }
    return parsed.data;
  }

  /** The message texts in the customer's language (English when the stored locale is unknown). */
  render(template: string, locale: Locale, payload: unknown): RenderedMessage {
    const definition = this.#definitionOf(template);
    const language: Locale = isLocale(locale) ? locale : 'en';
    const { subject, paragraphs } = definition.render(this.parsePayload(template, payload), translator(language));
    return {
      subject,
      text: paragraphs.join('\n\n'),
      html: `<!doctype html><html lang="${language}"><body>${paragraphs.map((p) => `<p>${linkify(escapeHtml(p))}</p>`).join('')}</body></html>`,
    };
  }

  /** When the message stops being worth sending, or null when it never does. */
  expiresAt(template: string, payload: unknown, enqueuedAt: Date): Date | null {
    const definition = this.#definitionOf(template);
    if (!definition.validForMs) return null;
    return new Date(enqueuedAt.getTime() + definition.validForMs(this.parsePayload(template, payload)));
  }
}

/** The process's templates: app.server.ts registers every feature's on it; the outbox renders from it. */
export const templates = new TemplateRegistry();

export const isTemplateName = (value: unknown): value is TemplateName => templates.has(value);
export const parsePayload = (template: string, payload: unknown): unknown => templates.parsePayload(template, payload);
export const renderMessage = (template: TemplateName, locale: Locale, payload: unknown): RenderedMessage =>
  templates.render(template, locale, payload);
export const messageExpiresAt = (template: TemplateName, payload: unknown, enqueuedAt: Date): Date | null =>
  templates.expiresAt(template, payload, enqueuedAt);

/** Payload fields most templates share. */
export const organisationName = z.string().trim().min(1).max(200);
export const pageLink = z.url({ protocol: /^https?$/ });
/** The fields of a letter to a person: the organisation that sends it, the name it greets (may be empty). */
export const letterFields = { organisation: organisationName, name: z.string().trim().max(200) };

/** "Hello Aisyah," or, without a name, "Hello,". */
export function greeting(t: Translate, name: string): string {
  return name ? t('message.greeting', { name }) : t('message.greeting.anonymous');
}

/** Paragraphs present only when their value is (an optional reason, a phone to call). */
export function when(value: unknown, paragraph: () => string): string[] {
  return value ? [paragraph()] : [];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Runs on escaped text, so a URL cannot smuggle markup into the href. */
function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<]+[^\s<.,;:!?)]/g, (url) => `<a href="${url}">${url}</a>`);
}
