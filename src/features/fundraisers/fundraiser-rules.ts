// Pure rules of fundraisers (issue 13): ranking, leaderboard visibility, team sums, slugs, texts
// and photos. Safe on the server and in islands (no I/O).

export type Ranking = 'amount' | 'donors' | 'score';
export const RANKINGS: readonly Ranking[] = ['amount', 'donors', 'score'];

/** Limits of what a fundraiser types (characters). */
export const TEXT_LIMITS = { title: 80, displayName: 60, story: 5000, teamName: 60, report: 500, thanks: 500 } as const;

/** Open (pending or live) pages one customer may have in an organisation at once. */
export const MAX_OPEN_PAGES_PER_CUSTOMER = 3;

/** A live page is hidden once this many distinct people reported it, unless the campaign says otherwise. */
export const DEFAULT_REPORT_THRESHOLD = 3;

/** What stands for a hidden link or phone number: no words, so it reads the same in every language. */
export const MASK = '•••';

// A link: a scheme, `www.`, or a bare host name with a top-level domain (evil.example/claim),
// and what follows it up to a space. An e-mail address is a way to reach someone too.
const LINK =
  /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S+|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b|\b(?:[a-z0-9-]+\.)+[a-z]{2,}(?:[/?#:]\S*)?/gi;
// A phone number: 7 or more digits, with spaces, dots, dashes, brackets or a leading + between them.
const PHONE = /\+?\(?\d(?:[\s().-]*\d){6,}/g;

/**
 * A text of a page staff have not approved, with its links (any scheme, `www.`, bare domains,
 * e-mail addresses) and phone numbers replaced by `MASK`, so a page cannot send visitors
 * elsewhere under the organisation's name before someone has read it. `masked` says whether
 * anything was replaced.
 */
export function maskContacts(text: string): { text: string; masked: boolean } {
  const out = text.replace(LINK, MASK).replace(PHONE, MASK);
  return { text: out, masked: out !== text };
}

/** The leaderboard shows once a campaign has this many live fundraisers, unless the campaign says otherwise. */
export const DEFAULT_LEADERBOARD_MIN = 5;

export interface Standing {
  id: string;
  raisedMinor: number;
  donorCount: number;
  /** Tie-break of last resort: the earlier page first (it was there first), then the id. */
  createdAt: Date;
}

/** The number a rule ranks by: amount raised, number of donors, or donors × amount (Givebutter's score). */
export function scoreOf(entry: Pick<Standing, 'raisedMinor' | 'donorCount'>, rule: Ranking): number {
  if (rule === 'amount') return entry.raisedMinor;
  if (rule === 'donors') return entry.donorCount;
  return entry.donorCount * entry.raisedMinor;
}

/**
 * Entries in leaderboard order with their rank. Equal scores share a rank ("1, 2, 2, 4"); within a
 * tie, the other measure decides the order shown (amount, then donors), then the earlier page.
 */
export function rank<T extends Standing>(
  entries: readonly T[],
  rule: Ranking,
): (T & { rank: number; score: number })[] {
  const sorted = [...entries].sort(
    (a, b) =>
      scoreOf(b, rule) - scoreOf(a, rule) ||
      b.raisedMinor - a.raisedMinor ||
      b.donorCount - a.donorCount ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      a.id.localeCompare(b.id),
  );
  let previous: number | null = null;
  let currentRank = 0;
  return sorted.map((entry, index) => {
    const score = scoreOf(entry, rule);
    if (score !== previous) currentRank = index + 1;
    previous = score;
    return { ...entry, rank: currentRank, score };
  });
}

/** Whether a campaign's leaderboard shows: enough live fundraisers. */
export function leaderboardVisible(liveFundraisers: number, minimum: number = DEFAULT_LEADERBOARD_MIN): boolean {
  return liveFundraisers >= Math.max(1, minimum);
}

/** A team's totals: the sum of its members' (a donor giving to two members counts twice: two gifts). */
export function teamTotals(members: readonly Pick<Standing, 'raisedMinor' | 'donorCount'>[]): {
  raisedMinor: number;
  donorCount: number;
} {
  return members.reduce(
    (sum, m) => ({ raisedMinor: sum.raisedMinor + m.raisedMinor, donorCount: sum.donorCount + m.donorCount }),
    { raisedMinor: 0, donorCount: 0 },
  );
}

/** Path segments a fundraiser's slug may not take (they are, or may become, routes). */
export const RESERVED_SLUGS = new Set(['new', 'start', 'teams', 'team', 'leaderboard', 'edit', 'report', 'photo']);
export const SLUG_MAX = 60;

/**
 * A readable path segment from a name or title: lower case ASCII letters, digits and single dashes
 * ("Lari 10K untuk Gaza!" → "lari-10k-untuk-gaza"); accents are dropped, other scripts give ''.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
}

/** Whether a segment is a slug we would make (and so may be looked up). */
export function isSlug(segment: string): boolean {
  return segment.length > 0 && segment.length <= SLUG_MAX && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(segment);
}

/**
 * The first free slug for a text: the slug itself, else with -2, -3, …; a text with no usable
 * letters (or a reserved word) becomes `fallback`.
 */
export function uniqueSlug(text: string, taken: ReadonlySet<string>, fallback = 'fundraiser'): string {
  let base = slugify(text);
  if (base.length < 2 || RESERVED_SLUGS.has(base)) base = fallback;
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/g, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Percent of a personal goal raised, 0–100, or null without a goal. */
export function goalPercent(raisedMinor: number, goalMinor: number | null): number | null {
  if (goalMinor === null || goalMinor <= 0) return null;
  return Math.max(0, Math.min(100, Math.floor((raisedMinor * 100) / goalMinor)));
}

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IDENTITY_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** The content type the bytes really are (magic numbers), whatever the browser said. */
export function sniffType(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP') return 'image/webp';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}

export type FileProblem = 'fundraiser.file.tooLarge' | 'fundraiser.file.badType' | 'fundraiser.file.empty';

/** Why an upload is refused (declared and actual type must both be allowed and agree), or null. */
export function fileProblem(
  file: { type: string; size: number; bytes: Uint8Array },
  allowed: readonly string[],
  maxBytes = MAX_PHOTO_BYTES,
): FileProblem | null {
  if (file.size === 0 || file.bytes.length === 0) return 'fundraiser.file.empty';
  if (file.size > maxBytes || file.bytes.length > maxBytes) return 'fundraiser.file.tooLarge';
  const actual = sniffType(file.bytes);
  if (!actual || !allowed.includes(actual) || (file.type && file.type !== actual)) return 'fundraiser.file.badType';
  return null;
}

/** The WhatsApp share link (first of the share buttons): the text then the address. */
export function whatsappShareUrl(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

/**
 * The texts a visitor sees of a page: as written once staff approved it, else with links and phone
 * numbers masked (a page that went live without approval, where the campaign opted out of it).
 */
export function publicTexts(row: { title: string; displayName: string; approvedAt: Date | null; story?: string }) {
  const story = row.story ?? '';
  if (row.approvedAt) return { title: row.title, displayName: row.displayName, story, masked: false };
  const [title, displayName, storyText] = [row.title, row.displayName, story].map(maskContacts);
  return {
    title: title?.text ?? '',
    displayName: displayName?.text ?? '',
    story: storyText?.text ?? '',
    masked: Boolean(title?.masked || displayName?.masked || storyText?.masked),
  };
}
