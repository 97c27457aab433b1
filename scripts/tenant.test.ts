import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The operator's command itself (`npm run tenant`), run as the README says, against an embedded
// database in a fresh DATA_DIR: what it prints, its exit codes, and that wrong input writes nothing.
const root = path.resolve(import.meta.dirname, '..');
const temp = mkdtempSync(path.join(tmpdir(), 'serambi-tenant-'));
const dataDir = path.join(temp, 'data');

function tenant(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '4321' };
  delete env.DATABASE_URL;
  const run = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['scripts/tenant.ts', ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const create = [
  'create',
  '--name',
  'Klinik Example',
  '--kind',
  'clinic',
  '--host',
  'klinik-example.localhost',
  '--currency',
  'MYR',
  '--language',
  'en',
  '--time-zone',
  'Asia/Kuala_Lumpur',
  '--owner',
  'owner@example.my',
];

describe('npm run tenant', () => {
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  it('refuses wrong input with what is wrong, exit code 1, and no database made', () => {
    const wrong = tenant(...create.map((a) => (a === 'MYR' ? 'USD' : a === 'klinik-example.localhost' ? 'x' : a)));
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('error: "x" is not a host name');
    expect(wrong.stderr).toContain('error: The currency must be MYR or IDR.');
    expect(existsSync(dataDir)).toBe(false);
  }, 120_000);

  it('creates the organisation, prints the owner’s invitation link, then lists it', () => {
    const created = tenant(...create);
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('Created Klinik Example (klinik-example): a clinic, MYR, en by default');
    expect(created.stdout).toMatch(/http:\/\/klinik-example\.localhost:4321\/staff\/invite\/[\w-]{40,}/);

    const listed = tenant('list');
    expect(listed.status).toBe(0);
    expect(listed.stdout.trim()).toBe('klinik-example\tKlinik Example\tclinic\tMYR\ten\tklinik-example.localhost');
  }, 240_000);
});
