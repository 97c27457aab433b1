import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EventBus } from '#server/events/index.ts';
import { JOB_NAME, type RecurringJob } from '#server/jobs/index.ts';
import { TemplateRegistry } from '#server/outbox/index.ts';
import { appJobs, registerAppEffects, registerAppTemplates } from './app.server';

// The composition root must name every feature's effects, templates and jobs: a feature that
// writes an effects.server.ts, a messages/ folder or a jobs.server.ts and forgets to register it
// there fails these tests.
const featuresDir = path.join(import.meta.dirname, 'features');
const featureFiles = (file: string) =>
  readdirSync(featuresDir)
    .filter((feature) => readdirSync(path.join(featuresDir, feature)).includes(file))
    .map((feature) => `./features/${feature}/${file}`);

/** Every (event, handler) pair a bus holds. */
function pairs(bus: EventBus): string[] {
  return bus.eventNames().flatMap((event) => bus.handlerNames(event).map((handler) => `${event} → ${handler}`));
}

describe('the composition root', () => {
  it('registers every handler that every feature defines', async () => {
    const files = featureFiles('effects.server.ts');
    expect(files.length).toBeGreaterThan(0);
    const app = new EventBus();
    registerAppEffects(app);
    for (const file of files) {
      const module: Record<string, unknown> = await import(/* @vite-ignore */ file);
      const registers = Object.entries(module).filter(
        ([name, value]) => /^register\w*Effects$/.test(name) && typeof value === 'function',
      );
      expect(registers.length, `${file} exports a register…Effects function`).toBeGreaterThan(0);
      for (const [, register] of registers) {
        const own = new EventBus();
        (register as (bus: EventBus) => void)(own);
        expect(pairs(own).length, `${file} registers handlers`).toBeGreaterThan(0);
        expect(pairs(app), file).toEqual(expect.arrayContaining(pairs(own)));
      }
    }
  });

  it('registers every outbox template that every feature defines, each name in one feature', async () => {
    const files = featureFiles('messages').map((dir) => `${dir}/index.ts`);
    expect(files.length).toBeGreaterThan(0);
    const app = new TemplateRegistry();
    registerAppTemplates(app);
    const owner = new Map<string, string>();
    for (const file of files) {
      const module: Record<string, unknown> = await import(/* @vite-ignore */ file);
      const registers = Object.entries(module).filter(
        ([name, value]) => /^register\w*Templates$/.test(name) && typeof value === 'function',
      );
      expect(registers.length, `${file} exports a register…Templates function`).toBeGreaterThan(0);
      for (const [, register] of registers) {
        const own = new TemplateRegistry();
        (register as (registry: TemplateRegistry) => void)(own);
        expect(own.names().length, file).toBeGreaterThan(0);
        for (const name of own.names()) {
          expect(app.definition(name), `${file}: ${name}`).toBe(own.definition(name));
          expect(owner.get(name) ?? file, `${name} is defined by two features`).toBe(file);
          owner.set(name, file);
        }
      }
    }
    expect(app.names().sort()).toEqual([...owner.keys()].sort());
  });

  it('renders every template in English, Malay and Indonesian from the catalogues, every placeholder filled', () => {
    const app = new TemplateRegistry();
    registerAppTemplates(app);
    // One payload with every field any template asks for (each schema drops what it does not know).
    const payload = {
      code: '123456',
      organisation: 'Klinik Sihat Bersama',
      minutes: 10,
      hours: 48,
      name: 'Aisyah',
      link: 'https://klinik.example/page',
      number: 'INV-000042',
      amount: 'RM102.35',
      service: 'Health screening',
      when: '3 March 2026, 10:00',
      reason: 'Closed',
      practitioner: 'Dr Aminah',
      address: '12 Jalan Ampang',
      phone: '0312345678',
      calendar: 'https://klinik.example/page.ics',
      payAtCounter: 'RM50.00',
      campaign: 'Clean water for Kelantan',
      fee: 'RM1.06',
      pdfLink: 'https://klinik.example/receipt.pdf',
      manageLink: 'https://klinik.example/plan',
      seq: 2,
      count: 6,
      unsubscribeLink: 'https://klinik.example/review/unsubscribe',
      reply: 'Thank you, we have spoken to the front desk.',
      ahead: 2,
      point: 'Room 2',
      title: 'Kayuh 100 km',
      donor: 'Siti',
      raised: 'RM580.00',
      fundraiser: 'Nurul Huda',
      message: 'Thank you all',
      // 'count' above serves the digest too.
      programme: 'Sihat Points',
      points: 120,
      balance: 450,
      reward: 'RM20 off your next visit',
      date: '3 March 2027',
    };
    for (const name of app.names()) {
      const texts = (['en', 'ms', 'id'] as const).map((locale) => app.render(name, locale, payload));
      for (const { subject, text } of texts) {
        expect(`${subject}\n${text}`, name).not.toMatch(/\{\w+\}|message\.\w/);
        expect(subject, name).toContain('Klinik Sihat Bersama');
      }
      expect(new Set(texts.map((m) => m.text)).size, `${name} differs by language`).toBe(3);
    }
  });

  it('schedules every job that every feature defines, each under a unique name', async () => {
    const files = featureFiles('jobs.server.ts');
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const module: Record<string, unknown> = await import(/* @vite-ignore */ file);
      const lists = Object.values(module).filter(Array.isArray) as RecurringJob[][];
      expect(lists.length, `${file} exports its jobs`).toBeGreaterThan(0);
      for (const job of lists.flat()) expect(appJobs, `${file}: ${job.name}`).toContain(job);
    }
    const names = appJobs.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(JOB_NAME);
  });
});
