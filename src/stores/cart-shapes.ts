// The shapes of the two carts and their checks, by hand rather than with zod: these run in the
// browser on the booking pages, whose JavaScript budget (60 KB gzip with the date picker) zod's
// runtime alone would use up. Each parser returns a clean copy or null; extra keys are kept
// (an older or newer page may store more than this one knows).

export const DONATION_TYPES = ['one-time', 'weekly', 'monthly'] as const;
export type DonationType = (typeof DONATION_TYPES)[number];

export interface DonorDetails {
  name?: string;
  email?: string;
  phone?: string;
  anonymous?: boolean;
  message?: string;
  [key: string]: unknown;
}

/** One gift in the cart: a campaign, an amount, and how often (issue 12: lines span campaigns). */
export interface DonationCartLine {
  campaignId: string;
  /** Integer minor units (sen for MYR), as money is everywhere (DESIGN.md §2). */
  amountMinor: number;
  type: DonationType;
  /** How many weeks or months a weekly/monthly donation runs; absent for one-time. */
  count?: number;
  coverFees: boolean;
  /** Issue 13: given through this fundraiser's page (the checkout re-checks it; absent: a direct gift). */
  fundraiserId?: string;
  [key: string]: unknown;
}
export interface DonationCartLineInput {
  campaignId: string | number;
  amountMinor: number;
  type: DonationType;
  count?: number;
  coverFees?: boolean;
  [key: string]: unknown;
}

/** The donation cart: its lines (across campaigns, each with its own type and count) and the donor. */
export interface DonationCart {
  lines: DonationCartLine[];
  donor?: DonorDetails;
  [key: string]: unknown;
}
/** What callers may pass: ids may still be numbers, coverFees may be left out. */
export interface DonationCartInput {
  lines: DonationCartLineInput[];
  donor?: DonorDetails;
  [key: string]: unknown;
}

export interface CustomerDetails {
  name?: string;
  email?: string;
  phone?: string;
  [key: string]: unknown;
}

export interface AppointmentCart {
  serviceId?: string;
  /** A practitioner or room, or 'any' when the visitor has no preference. */
  resourceId?: string;
  /** yyyy-MM-dd in the tenant's time zone. */
  date?: string;
  /** Start of the chosen slot, ISO 8601 with an offset (or Z). */
  slotStart?: string;
  customer?: CustomerDetails;
  /** Answers to the service's form questions, by question id. */
  answers?: Record<string, unknown>;
  [key: string]: unknown;
}
export interface AppointmentCartInput {
  serviceId?: string | number;
  resourceId?: string | number;
  date?: string;
  slotStart?: string;
  customer?: CustomerDetails;
  answers?: Record<string, unknown>;
  [key: string]: unknown;
}

const MAX_ID = 100;
const MAX_TEXT = 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Marks a value that failed its check: the whole cart is then refused. */
const INVALID = Symbol('invalid');
type Checked<T> = T | typeof INVALID;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty string of at most 100 characters, or an integer (older data), as a string. */
function id(value: unknown): Checked<string> {
  if (typeof value === 'string' && value.length >= 1 && value.length <= MAX_ID) return value;
  if (Number.isInteger(value)) return String(value);
  return INVALID;
}

function optional<T>(value: unknown, check: (value: unknown) => Checked<T>): Checked<T | undefined> {
  return value === undefined ? undefined : check(value);
}

function text(value: unknown): Checked<string> {
  return typeof value === 'string' && value.length <= MAX_TEXT ? value : INVALID;
}

function matching(pattern: RegExp) {
  return (value: unknown): Checked<string> => (typeof value === 'string' && pattern.test(value) ? value : INVALID);
}

function integer(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: unknown): Checked<number> =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max ? value : INVALID;
}

function boolean(value: unknown): Checked<boolean> {
  return typeof value === 'boolean' ? value : INVALID;
}

/**
 * Copies `value` with each listed field checked (extra keys kept, absent fields left out), or
 * null when it is not an object or any field fails.
 */
function object<T>(value: unknown, fields: Record<string, (value: unknown) => Checked<unknown>>): T | null {
  if (!isRecord(value)) return null;
  const result: Record<string, unknown> = { ...value };
  for (const [name, check] of Object.entries(fields)) {
    const checked = check(value[name]);
    if (checked === INVALID) return null;
    if (checked === undefined) delete result[name];
    else result[name] = checked;
  }
  return result as T;
}

/** A nested object field: absent is fine, present must pass its own checks. */
function nested<T>(fields: Record<string, (value: unknown) => Checked<unknown>>) {
  return (value: unknown): Checked<T | undefined> => {
    if (value === undefined) return undefined;
    return object<T>(value, fields) ?? INVALID;
  };
}

const optionalText = (value: unknown) => optional(value, text);

/** The most lines a donation cart holds (the server refuses more too). */
export const MAX_DONATION_CART_LINES = 20;

function donationLine(value: unknown): DonationCartLine | null {
  return object<DonationCartLine>(value, {
    campaignId: id,
    amountMinor: integer(0),
    type: (type) => (DONATION_TYPES.includes(type as DonationType) ? (type as DonationType) : INVALID),
    count: (count) => optional(count, integer(1, 1000)),
    coverFees: (cover) => (cover === undefined ? false : boolean(cover)),
    fundraiserId: (fundraiserId) => optional(fundraiserId, id),
  });
}

export function parseDonationCart(value: unknown): DonationCart | null {
  return object<DonationCart>(value, {
    lines: (lines) => {
      if (!Array.isArray(lines) || lines.length > MAX_DONATION_CART_LINES) return INVALID;
      const parsed = lines.map(donationLine);
      return parsed.every((line) => line !== null) ? (parsed as DonationCartLine[]) : INVALID;
    },
    donor: nested<DonorDetails>({
      name: optionalText,
      email: optionalText,
      phone: optionalText,
      anonymous: (anonymous) => optional(anonymous, boolean),
      message: optionalText,
    }),
  });
}

export function parseAppointmentCart(value: unknown): AppointmentCart | null {
  return object<AppointmentCart>(value, {
    serviceId: (serviceId) => optional(serviceId, id),
    resourceId: (resourceId) => optional(resourceId, id),
    date: (date) => optional(date, matching(DATE)),
    slotStart: (slotStart) => optional(slotStart, matching(DATE_TIME_WITH_OFFSET)),
    customer: nested<CustomerDetails>({ name: optionalText, email: optionalText, phone: optionalText }),
    answers: (answers) => (answers === undefined || isRecord(answers) ? answers : INVALID),
  });
}
