import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerAppTemplates } from '#app.server';
import {
  defineTemplate,
  messageExpiresAt,
  renderMessage,
  TemplateError,
  TemplateRegistry,
  templates,
} from './templates';

// The app's templates, as the composition root registers them on the process's registry.
registerAppTemplates(templates);

const code = { code: '123456', organisation: 'Klinik Sihat Bersama', minutes: 10 };
const invite = {
  organisation: 'Yayasan Kasih Ummah',
  name: 'Aisyah',
  link: 'https://kasihummah.org.my/staff/invite?token=abc&x=1',
  hours: 48,
};

describe('renderMessage', () => {
  it('writes the login code in English, Malay and Indonesian', () => {
    expect(renderMessage('login-code', 'en', code)).toMatchObject({
      subject: 'Your Klinik Sihat Bersama login code',
      text: 'Your Klinik Sihat Bersama login code is 123456. It expires in 10 minutes. Never share it.',
    });
    expect(renderMessage('login-code', 'ms', code).text).toBe(
      'Kod log masuk Klinik Sihat Bersama anda ialah 123456. Kod ini sah selama 10 minit. Jangan kongsikan kod ini dengan sesiapa.',
    );
    expect(renderMessage('login-code', 'id', code).text).toBe(
      'Kode masuk Klinik Sihat Bersama Anda adalah 123456. Kode ini berlaku selama 10 menit. Jangan berikan kode ini kepada siapa pun.',
    );
  });

  it('writes the contact-change code in three languages, saying nothing changes if unasked', () => {
    expect(renderMessage('contact-code', 'en', code).text).toBe(
      'Your code to add this contact to your Klinik Sihat Bersama account is 123456. It expires in 10 minutes. Never share it.\n\nIf you did not ask for this, ignore this message: nothing changes.',
    );
    expect(renderMessage('contact-code', 'ms', code).text).toContain('akaun Klinik Sihat Bersama anda ialah 123456');
    expect(renderMessage('contact-code', 'id', code).text).toContain('akun Klinik Sihat Bersama Anda adalah 123456');
  });

  it('says "1 minute" in English', () => {
    expect(renderMessage('login-code', 'en', { ...code, minutes: 1 }).text).toContain('expires in 1 minute.');
  });

  it('writes the staff invitation in three languages with the link and the hours', () => {
    for (const [locale, words] of [
      ['en', ['Hello Aisyah,', '48 hours']],
      ['ms', ['Salam Aisyah,', '48 jam']],
      ['id', ['Halo Aisyah,', '48 jam']],
    ] as const) {
      const message = renderMessage('staff-invite', locale, invite);
      expect(message.subject).toContain('Yayasan Kasih Ummah');
      expect(message.text).toContain(invite.link);
      for (const word of words) expect(message.text).toContain(word);
      expect(message.text.split('\n\n')).toHaveLength(3);
    }
  });

  it('gives an HTML version with escaped text, a lang attribute and a clickable link', () => {
    const html = renderMessage('staff-invite', 'ms', { ...invite, name: '<b>Ali</b>' }).html ?? '';
    expect(html).toContain('<html lang="ms">');
    expect(html).toContain('&#60;b&#62;Ali&#60;/b&#62;');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<a href="https://kasihummah.org.my/staff/invite?token=abc&#38;x=1">');
  });

  it('falls back to English for a locale it does not know (an old row, say)', () => {
    expect(renderMessage('login-code', 'fr' as never, code).text).toContain('login code is 123456');
  });

  it('refuses a bad payload with a TemplateError naming fields, not values', () => {
    const bad = [
      {},
      { ...code, code: '' },
      { ...code, code: '12 34' },
      { ...code, minutes: -1 },
      { ...code, minutes: '10' },
      { ...code, organisation: '  ' },
    ];
    for (const payload of bad) expect(() => renderMessage('login-code', 'en', payload)).toThrow(TemplateError);
    expect(() => renderMessage('staff-invite', 'en', { ...invite, link: 'javascript:alert(1)' })).toThrow(/link/);
    expect(() => renderMessage('login-code', 'en', { ...code, code: 'secret!' })).not.toThrow(/secret!/);
    expect(() => renderMessage('login-code', 'en', { ...code, code: 'secret!' })).toThrow(/code/);
  });

  it('refuses an unknown template', () => {
    expect(() => renderMessage('receipt' as never, 'en', {})).toThrow(TemplateError);
  });
});

describe('messageExpiresAt', () => {
  it('ends a login code message with the code and an invitation with its link', () => {
    const enqueued = new Date('2026-01-01T00:00:00Z');
    expect(messageExpiresAt('login-code', code, enqueued)).toEqual(new Date('2026-01-01T00:10:00Z'));
    expect(messageExpiresAt('staff-invite', invite, enqueued)).toEqual(new Date('2026-01-03T00:00:00Z'));
  });
});

describe('TemplateRegistry', () => {
  // A template of the test's own (its name borrowed: names are declared by the features).
  const echo = defineTemplate({
    name: 'login-code',
    payload: z.object({ code: z.string(), organisation: z.string(), minutes: z.number() }),
    render: (p: { code: string }) => ({ subject: `S ${p.code}`, paragraphs: [`one ${p.code}`, 'two'] }),
  });

  it('knows only the templates registered on it', () => {
    const registry = new TemplateRegistry();
    expect(registry.names()).toEqual([]);
    expect(registry.has('login-code')).toBe(false);
    expect(() => registry.render('login-code', 'en', code)).toThrow('unknown template "login-code"');
    expect(() => registry.expiresAt('login-code', code, new Date())).toThrow(TemplateError);
    registry.register(echo);
    expect(registry.names()).toEqual(['login-code']);
    expect(registry.render('login-code', 'en', code)).toEqual({
      subject: 'S 123456',
      text: 'one 123456\n\ntwo',
      html: '<!doctype html><html lang="en"><body><p>one 123456</p><p>two</p></body></html>',
    });
    expect(registry.expiresAt('login-code', code, new Date())).toBeNull();
  });

  it('replaces a template registered again under the same name', () => {
    const registry = new TemplateRegistry();
    registry.register(echo);
    registry.register({ ...echo, render: () => ({ subject: 'B', paragraphs: ['b'] }) });
    expect(registry.names()).toEqual(['login-code']);
    expect(registry.render('login-code', 'ms', code).text).toBe('b');
  });
});
