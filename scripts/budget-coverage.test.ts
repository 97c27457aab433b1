import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageAliases, pagesShippingScripts } from './boundaries.mjs';

// Every page with an island (or a component script) has a JavaScript budget in
// e2e/budgets.spec.ts or e2e/budgets-journeys.spec.ts, found by its page file (`route:`): a new page cannot ship code unmeasured.
const root = path.resolve(import.meta.dirname, '..');

/** Pages with scripts that have no budget, and why. */
const UNBUDGETED: Record<string, string> = {
  'dev/fields.astro': 'a developer aid (SHOW_DEV_PAGES only), never served to visitors',
};

const BUDGET_SPECS = ['e2e/budgets.spec.ts', 'e2e/budgets-journeys.spec.ts'];
const budgetedRoutes = () =>
  new Set(
    BUDGET_SPECS.flatMap((spec) =>
      [...readFileSync(path.join(root, spec), 'utf8').matchAll(/route: '([^']+)'/g)].map((m) => m[1] as string),
    ),
  );

describe('JavaScript budgets cover every page that ships a script (issue 25)', () => {
  const shipping = pagesShippingScripts(path.join(root, 'src'), packageAliases(root));

  it('finds the pages with islands', () => {
    expect(shipping.get('login.astro')).toContain('features/auth/islands/LoginForm.tsx');
    expect(shipping.get('donation/[id]/index.astro')).toContain(
      'features/donations/components/CampaignBody.astro#script',
    );
    expect(shipping.has('index.astro')).toBe(false);
  });

  it('every such page has a budget (or a stated reason for none)', () => {
    const budgeted = budgetedRoutes();
    const missing = [...shipping.keys()].filter((page) => !budgeted.has(page) && !(page in UNBUDGETED));
    expect(missing).toEqual([]);
  });

  it('names only pages that exist, and exempts only pages that ship scripts', () => {
    const pages = path.join(root, 'src/pages');
    for (const route of budgetedRoutes()) expect(() => readFileSync(path.join(pages, route)), route).not.toThrow();
    for (const page of Object.keys(UNBUDGETED)) expect(shipping.has(page), page).toBe(true);
  });

  it('sees an island a page reaches through a component, and a component script', () => {
    const src = mkdtempSync(path.join(tmpdir(), 'budget-coverage-'));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
        writeFileSync(path.join(src, file), text);
      };
      write('features/x/islands/Widget.tsx', 'export default function Widget() { return null; }\n');
      write(
        'features/x/components/Panel.astro',
        "---\nimport Widget from '../islands/Widget.tsx';\n---\n<Widget client:load />\n",
      );
      write('features/x/components/Live.astro', '<div></div>\n<script>\nconsole.log(1);\n</script>\n');
      write('layouts/Shell.astro', '<slot />\n<script>\nconsole.log(0);\n</script>\n');
      write('pages/a.astro', "---\nimport Panel from '../features/x/components/Panel.astro';\n---\n<Panel />\n");
      write('pages/b.astro', "---\nimport Live from '../features/x/components/Live.astro';\n---\n<Live />\n");
      write('pages/c.astro', "---\nimport Shell from '../layouts/Shell.astro';\n---\n<Shell />\n");
      const found = pagesShippingScripts(src);
      expect(found.get('a.astro')).toEqual(['features/x/islands/Widget.tsx']);
      expect(found.get('b.astro')).toEqual(['features/x/components/Live.astro#script']);
      expect(found.has('c.astro')).toBe(false);
    } finally {
      rmSync(src, { recursive: true, force: true });
    }
  });
});
