// `npm run bench`: every benchmark in bench/, each printing ratios measured side by side in one run.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const tsx = path.join(dir, '..', 'node_modules', '.bin', 'tsx');
let failed = false;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort()) {
  console.log(`\n▶ ${file}`);
  const result = spawnSync(tsx, [path.join(dir, file)], { stdio: 'inherit', env: process.env });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
