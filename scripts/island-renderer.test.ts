import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { islandRenderer, tagDefaultComponent } from './island-renderer.mjs';

const TAG = Symbol.for('astro:renderer');
const src = path.resolve(import.meta.dirname, '../src');
const island = `import { useState } from 'react';
export interface Props { label: string }
export default function PayInvoice({ label }: Props) {
  const [busy] = useState(false);
  return <button disabled={busy}>{label}</button>;
}
`;

type Transform = (code: string, id: string, options?: { ssr?: boolean }) => { code: string } | undefined;
const transform = islandRenderer().transform as unknown as Transform;
const run = (code: string, id: string, ssr: boolean) =>
  transform.call({ environment: { config: { consumer: ssr ? 'server' : 'client' } } }, code, id, { ssr });

describe('the server knows each island is Preact’s', () => {
  it('tags the default-exported function component with Astro’s renderer tag, leaving the rest as it was', () => {
    const tagged = tagDefaultComponent(island);
    expect(tagged?.startsWith(island)).toBe(true);
    // The appended line really tags the function it names.
    const component = function PayInvoice() {};
    new Function('PayInvoice', (tagged ?? '').slice(island.length))(component);
    expect((component as unknown as Record<symbol, string>)[TAG]).toBe('@astrojs/preact');
  });

  it('leaves modules without a default function alone', () => {
    expect(tagDefaultComponent(`export function helper() {}\nexport default { a: 1 };`)).toBeUndefined();
    expect(tagDefaultComponent(`export const X = 1;`)).toBeUndefined();
  });

  it('touches .tsx modules under src/ in the server build only, never tests or the browser bundle', () => {
    expect(run(island, `${src}/features/payments/islands/PayInvoice.tsx`, true)?.code).toContain(
      "PayInvoice[Symbol.for('astro:renderer')]",
    );
    expect(run(island, `${src}/features/payments/islands/PayInvoice.tsx`, false)).toBeUndefined();
    expect(run(island, `${src}/features/payments/islands/PayInvoice.test.tsx`, true)).toBeUndefined();
    expect(run(island, path.resolve(src, '../node_modules/some-lib/src/Widget.tsx'), true)).toBeUndefined();
    expect(run(island, `${src}/features/payments/pay.ts`, true)).toBeUndefined();
  });
});
