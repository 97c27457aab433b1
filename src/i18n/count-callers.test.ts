// Every message that counts something ("{count} donors", "{points} points") is chosen by its
// count: a caller must pass a numeric `count` (the translator picks `key.one` from it), and an
// island must choose among the picked forms with `countMessage`, never fill the "other" form itself.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './messages/en.json';

const COUNTING = /\{(count|minutes|hours|days|donors|points)\}/;
const countingKeys = new Set(
  Object.entries(en)
    .filter(([key, text]) => COUNTING.test(text) && !/\.(zero|one|two|few|many)$/.test(key))
    .map(([key]) => key),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|astro)$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f));
}

/** The text of the `{ … }` that starts at `open`, braces balanced. */
function objectAt(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '{') depth++;
    else if (source[i] === '}' && --depth === 0) return source.slice(open, i + 1);
  }
  return source.slice(open);
}

/** Problems of one source text: a counting key shown without its count choosing the form. */
function countProblems(source: string, keys: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const match of source.matchAll(/'([\w.]+)'/g)) {
    const key = match[1] as string;
    if (!keys.has(key)) continue;
    const at = match.index ?? 0;
    const before = source.slice(Math.max(0, at - 200), at);
    const after = source.slice(at + match[0].length);
    const line = `${key} (…${source.slice(Math.max(0, at - 40), at + match[0].length + 40).replace(/\s+/g, ' ')}…)`;
    const translated = /\bt\(\s*$/.test(before);
    const chosen = /\bcountMessage\([^()]*,\s*$/.test(before);
    if (translated || chosen) {
      // The params: an object literal, or a constant holding one (`const params = { … }`).
      const literal = /^\s*,\s*\{/.exec(after);
      const named = /^\s*,\s*(\w+)\s*\)/.exec(after);
      const declared = named ? new RegExp(`\\b(?:const|let)\\s+${named[1]}\\s*=\\s*\\{`).exec(source) : null;
      const object = literal
        ? objectAt(after, literal[0].length - 1)
        : declared
          ? objectAt(source, declared.index + declared[0].length - 1)
          : '';
      if (!/\bcount\s*[:,}]/.test(object)) problems.push(`no count: ${line}`);
      else if (/\bcount:\s*String\(/.test(object)) problems.push(`count as text: ${line}`);
    } else if (/[\w\])]\[\s*$/.test(before) && /^\s*\]/.test(after)) {
      problems.push(`filled by hand: ${line}`);
    }
  }
  return problems;
}

describe('callers of counting messages', () => {
  it('finds a count missing, a count as text and a form filled by hand', () => {
    const keys = new Set(['x.gifts']);
    expect(countProblems("t('x.gifts', { n: 1 })", keys)).toHaveLength(1);
    expect(countProblems("t('x.gifts', { count: String(n) })", keys)).toHaveLength(1);
    expect(countProblems("m['x.gifts'].replace('{count}', '1')", keys)).toHaveLength(1);
    expect(countProblems("t('x.gifts', { count })", keys)).toEqual([]);
    expect(countProblems("countMessage(m, locale, 'x.gifts', { count: n })", keys)).toEqual([]);
    expect(countProblems("const KEYS = ['x.gifts', 'y'] as const;", keys)).toEqual([]);
    expect(countProblems("pick(locale, ['x.gifts'])", keys)).toEqual([]);
    expect(countProblems("const params = { count: 2 };\nt('x.gifts', params)", keys)).toEqual([]);
    expect(countProblems("const params = { n: 2 };\nt('x.gifts', params)", keys)).toHaveLength(1);
  });

  it('pass a numeric count wherever a counting message is shown', () => {
    const problems = sourceFiles('src').flatMap((file) =>
      countProblems(readFileSync(file, 'utf8'), countingKeys).map((p) => `${file}: ${p}`),
    );
    expect(problems).toEqual([]);
  });
});
