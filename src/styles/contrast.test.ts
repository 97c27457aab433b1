import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { THEMES } from '#features/tenants/tenant.ts';

// WCAG 2.x contrast of every text/background pair the themes promise (global.css), computed from
// the stylesheet itself so a colour change that breaks AA fails here.

const css = readFileSync(path.join(import.meta.dirname, 'global.css'), 'utf8');

/** The variables of one `[data-theme="name"] { … }` block. */
function themeVariables(name: string): Record<string, string> {
  const block = new RegExp(`\\[data-theme="${name}"\\]\\s*\\{([^}]*)\\}`).exec(css)?.[1];
  if (!block) throw new Error(`no [data-theme="${name}"] block in global.css`);
  return Object.fromEntries([...block.matchAll(/--([a-z-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1], m[2]]));
}

/** A colour of the Tailwind theme block (`--color-success: #15803d;`). */
function themeColour(name: string): string {
  const value = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css)?.[1];
  if (!value) throw new Error(`no --color-${name} in global.css`);
  return value;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const AA = 4.5;
const WHITE = '#ffffff';

describe('WCAG contrast', () => {
  it('computes the reference ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
    expect(contrast('#1c1917', '#a16207')).toBeCloseTo(3.55, 2);
  });

  it.each(THEMES)('theme %s keeps every text pair at AA', (theme) => {
    const v = themeVariables(theme);
    const pairs: [string, string, string][] = [
      ['on-primary on primary (buttons, badges)', v['on-primary'] ?? '', v.primary ?? ''],
      ['on-primary on primary-dark (hover, done steps)', v['on-primary'] ?? '', v['primary-dark'] ?? ''],
      ['primary-strong on white (links)', v['primary-strong'] ?? '', WHITE],
      ['primary-strong on primary-soft (active option)', v['primary-strong'] ?? '', v['primary-soft'] ?? ''],
    ];
    const failing = pairs
      .map(([pair, text, background]) => ({ pair, ratio: Math.round(contrast(text, background) * 100) / 100 }))
      .filter(({ ratio }) => !(ratio >= AA));
    expect(failing).toEqual([]);
  });

  it.each(['success', 'danger', 'info', 'warning'])('white text on the %s banner is AA', (name) => {
    expect(contrast(WHITE, themeColour(name))).toBeGreaterThanOrEqual(AA);
  });
});
