// SPEC.md §9 has two date formats, written by lib/dates.ts (formatDateTime, formatDate,
// formatTime, and relative-time.ts after a year). A page or island that formats a date itself
// (toLocaleDateString, Intl.DateTimeFormat, date-fns' format) writes a third one: this scan fails on it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Files that use Intl's dates for something other than writing a date, and why. */
const NOT_WRITING_DATES: Record<string, string> = {
  'src/lib/dates.ts': 'the shared formatters themselves',
  'src/lib/wall-time.ts': 'the shared formatters themselves (time of day, wall-clock parts)',
  'src/lib/zoned-time.ts':
    'wall clock ↔ instant arithmetic and the calendar day of an instant (en-US parts), the zone’s name',
  'src/components/fields/PhoneInput.tsx': 'the device’s time zone (resolvedOptions), to guess the country',
};

const WRITES_A_DATE =
  /\.toLocale(Date|Time)?String\(|\.toDateString\(|\.toTimeString\(|\bIntl\.DateTimeFormat\b|from 'date-fns'|from 'date-fns\/format'|\bformatDistance|\bformat\s*\(\s*new Date/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|astro|mjs)$/.test(f) && !/\.test\.tsx?$|test-support/.test(f))
    .map((f) => join(dir, f).split('\\').join('/'));
}

/** The code of a source, its block and line comments left out (they may name what they avoid). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

describe('dates are written only by lib/dates', () => {
  it('recognises direct date formatting', () => {
    for (const line of [
      'new Date().toLocaleDateString("en-GB")',
      'd.toLocaleString()',
      "new Intl.DateTimeFormat('id-ID', { dateStyle: 'long' })",
      "import { format } from 'date-fns';",
    ])
      expect(WRITES_A_DATE.test(line), line).toBe(true);
    expect(WRITES_A_DATE.test('formatDate(at, locale, tenant.timeZone)')).toBe(false);
  });

  it('finds no date formatted outside the shared formatters', () => {
    const offenders = sourceFiles('src').filter(
      (file) => !(file in NOT_WRITING_DATES) && WRITES_A_DATE.test(withoutComments(readFileSync(file, 'utf8'))),
    );
    expect(offenders).toEqual([]);
  });
});
