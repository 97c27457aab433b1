import { chromium } from 'playwright';
import { chromiumForTests } from './scripts/chromium-path.mjs';
const exe = await chromiumForTests();
const browser = await chromium.launch({ executablePath: exe.executablePath, args: exe.args ?? [] });
const base = (slug, p) => `http://${slug}.localhost:4502${p}`;
const ctx = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.7' } });
const page = await ctx.newPage();
// customer login
const phone = '137654321';
await page.goto(base('klinik', '/login?next=/loyalty/register'));
await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
await page.locator('input[inputmode="numeric"]').first().fill(`0${phone}`);
await page.getByRole('button', { name: 'Send code' }).click();
await page.waitForTimeout(1500);
const msgs = await page.evaluate(async (u) => (await fetch(u)).json(), base('klinik', `/dev/outbox?to=60${phone}`));
const code = /\b(\d{6})\b/.exec(msgs.filter((m) => m.template === 'login-code').at(-1).text)[1];
await page.getByLabel('6-digit code').fill(code);
await page.getByRole('button', { name: 'Log in' }).click();
await page.waitForURL(/loyalty\/register/);
await page.screenshot({ path: '/tmp/loy/shots/register-en-1280.png', fullPage: true });
await page.getByLabel('Your name').fill('Aisyah binti Ahmad');
await page.getByRole('checkbox').check();
await page.getByRole('button', { name: 'Join', exact: true }).click();
await page.waitForURL(/sihat-points/);
await page.locator('[data-member-panel="member"]').waitFor();
for (const [w, h] of [[390, 844], [1280, 900]]) {
  await page.setViewportSize({ width: w, height: h });
  for (const pre of ['', '/ms', '/id']) {
    await page.goto(base('klinik', `${pre}/loyalty/sihat-points`));
    await page.locator('[data-member-panel="member"]').waitFor();
    await page.screenshot({ path: `/tmp/loy/shots/programme${pre.replace('/', '-') || '-en'}-${w}.png`, fullPage: true });
  }
  await page.goto(base('klinik', '/loyalty/rewards'));
  await page.screenshot({ path: `/tmp/loy/shots/rewards-en-${w}.png`, fullPage: true });
}
// visitor views
const v = await (await browser.newContext()).newPage();
for (const [w, h] of [[390, 844], [1280, 900]]) {
  await v.setViewportSize({ width: w, height: h });
  await v.goto(base('klinik', '/ms/loyalty/sihat-points'));
  await v.screenshot({ path: `/tmp/loy/shots/visitor-ms-${w}.png`, fullPage: true });
  await v.goto(base('peduli', '/id/loyalty/sahabat-peduli/rewards'));
  await v.screenshot({ path: `/tmp/loy/shots/peduli-rewards-id-${w}.png`, fullPage: true });
  await v.goto(base('klinik', '/id/loyalty/register'));
  await v.screenshot({ path: `/tmp/loy/shots/register-visitor-id-${w}.png`, fullPage: true });
}
// staff
const s = await (await browser.newContext()).newPage();
await s.goto(base('klinik', '/staff/login'));
await s.getByLabel('Email').fill('owner@kliniksihat.my');
await s.getByLabel('Password').fill('demo-owner-klinik');
await s.getByRole('button', { name: 'Log in' }).click();
await s.waitForURL(/\/staff$/);
for (const [w, h] of [[390, 844], [1280, 900]]) {
  await s.setViewportSize({ width: w, height: h });
  await s.goto(base('klinik', `/staff/loyalty?phone=0${phone}`));
  await s.screenshot({ path: `/tmp/loy/shots/staff-${w}.png`, fullPage: true });
  await s.locator('[data-found] a').first().click();
  await s.screenshot({ path: `/tmp/loy/shots/staff-member-${w}.png`, fullPage: true });
}
await s.goto(base('klinik', '/staff/loyalty/programmes/new'));
await s.setViewportSize({ width: 1280, height: 900 });
await s.screenshot({ path: `/tmp/loy/shots/staff-programme-1280.png`, fullPage: true });
// redeem voucher: give points first
await s.goto(base('klinik', `/staff/loyalty?phone=0${phone}`));
await s.locator('[data-found] a').first().click();
await s.getByLabel('Points (+ or −)').fill('500');
await s.getByLabel('What happened').fill('Demo points');
await s.getByRole('button', { name: 'Save' }).click();
await page.setViewportSize({ width: 390, height: 844 });
await page.goto(base('klinik', '/ms/loyalty/sihat-points/rewards'));
await page.locator('[data-redeem]').nth(1).click();
await page.waitForURL(/voucher=/);
await page.screenshot({ path: `/tmp/loy/shots/voucher-ms-390.png`, fullPage: true });
await browser.close();
console.log('ok');
