import { describe, expect, it } from 'vitest';
import { translator } from '#i18n/t.ts';
import { HttpError } from '#lib/http-error.ts';
import {
  errorJson,
  FormInputError,
  fieldProblems,
  formInputOf,
  readBytes,
  readForm,
  readFormInput,
  readJson,
  readMultipartForm,
} from './http';

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://h/upload', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

/** A body streamed in chunks with no Content-Length, as a chunked upload arrives. */
function streamed(chunks: number[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const size of chunks) controller.enqueue(new Uint8Array(size).fill(7));
      controller.close();
    },
  });
}

describe('readBytes', () => {
  it('returns the whole body when it fits', async () => {
    const bytes = await readBytes(post(new Uint8Array([1, 2, 3])), 3);
    expect([...(bytes ?? [])]).toEqual([1, 2, 3]);
    expect((await readBytes(post(streamed([4, 4, 2])), 10))?.length).toBe(10);
  });

  it('refuses a body over the limit, by its declared length or by what arrives', async () => {
    expect(await readBytes(post(new Uint8Array(11)), 10)).toBeNull();
    expect(await readBytes(post(streamed([6, 6])), 10)).toBeNull();
  });

  it('reads a missing body as empty', async () => {
    expect((await readBytes(new Request('http://h/', { method: 'POST' }), 10))?.length).toBe(0);
  });
});

describe('errorJson', () => {
  it('answers an HttpError with its own status and message', async () => {
    const response = errorJson(new HttpError(409, 'Campaign closed'), translator('en'));
    expect(response.status).toBe(409);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ error: 'Campaign closed' });
  });

  it('keeps an unexpected error to itself: 500 and the generic text in the visitor language', async () => {
    const response = errorJson(new Error('connection to 10.0.0.5 refused'), translator('ms'));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'Ralat telah berlaku' });
  });
});

describe('the shared body readers refuse what no handler can use', () => {
  const form = (body: string, type = 'application/x-www-form-urlencoded') =>
    new Request('http://h/staff/embed', { method: 'POST', body, headers: { 'Content-Type': type } });

  it('readForm: a form as its text fields', async () => {
    expect(await readForm(form('origins=https%3A%2F%2Fa.example&x=1'))).toEqual({
      origins: 'https://a.example',
      x: '1',
    });
  });

  it('readForm: a body that is not a form is a 400, never an empty form', async () => {
    for (const request of [
      form('{"origins":[]}', 'application/json'),
      form('origins=', 'text/plain'),
      new Request('http://h/', { method: 'POST' }),
    ]) {
      await expect(readForm(request)).rejects.toMatchObject({ status: 400, message: 'error.badForm' });
    }
  });

  it('readForm and readJson: NUL anywhere is a 400', async () => {
    await expect(readForm(form('name=a%00b'))).rejects.toMatchObject({ status: 400, message: 'error.badInput' });
    const json = (body: string) =>
      new Request('http://h/', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
    await expect(readJson(json('{"address":{"line1":"a\\u0000"}}'))).rejects.toMatchObject({ status: 400 });
    expect(await readJson(json('{"name":"Siti"}'))).toEqual({ name: 'Siti' });
    expect(await readJson(json('{'))).toBeUndefined();
  });

  it('readForm leaves the request’s own body unread, so the page can still rewrite (to its 404) after reading it', async () => {
    const request = form('origins=https%3A%2F%2Fa.example&x=1');
    expect(await readForm(request)).toEqual({ origins: 'https://a.example', x: '1' });
    // Astro.rewrite() copies an unread body and throws RewriteWithBodyUsed after a read.
    expect(request.bodyUsed).toBe(false);
    expect(await request.text()).toBe('origins=https%3A%2F%2Fa.example&x=1');
    const json = new Request('http://h/', {
      method: 'POST',
      body: '{"a":1}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(await readJson(json)).toEqual({ a: 1 });
    expect(json.bodyUsed).toBe(false);
  });

  it('readFormInput: NUL or bytes that are not UTF-8 mark their field, and every value comes back as typed (NUL taken out)', async () => {
    const nul = await readFormInput(form('name=Siti%00Aminah&email=siti%40example.my&amount=50'));
    expect(nul).toEqual({
      values: { name: 'SitiAminah', email: 'siti@example.my', amount: '50' },
      invalid: { name: 'field.badCharacters' },
      problem: 'error.badInput',
    });
    // %C3%28 is not UTF-8 (it was stored as "�(" before): refused, by escape or as raw bytes.
    const escaped = await readFormInput(form('name=Ali&notes=caf%C3%28&x=%E2%82%AC+ok'));
    expect(escaped.values).toEqual({ name: 'Ali', notes: 'caf(', x: '€ ok' });
    expect(escaped.invalid).toEqual({ notes: 'field.badCharacters' });
    expect(escaped.problem).toBe('error.badEncoding');
    const raw = new Request('http://h/', {
      method: 'POST',
      body: new Uint8Array([0x61, 0x3d, 0xff, 0x62, 0x26, 0x62, 0x3d, 0x63]),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(await readFormInput(raw)).toEqual({
      values: { a: 'b', b: 'c' },
      invalid: { a: 'field.badCharacters' },
      problem: 'error.badEncoding',
    });
    // A clean form has no problem; a field name that is not UTF-8 fails the whole form.
    expect((await readFormInput(form('a=1&b=%F0%9F%92%A9'))).problem).toBeNull();
    await expect(readFormInput(form('a%FF=1&b=2'))).rejects.toMatchObject({
      status: 400,
      message: 'error.badEncoding',
    });
  });

  it('readForm: a refused field is a FormInputError (400) carrying the form, for the page to show again', async () => {
    const error = await readForm(form('name=a%00b&phone=0123')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FormInputError);
    expect(error).toMatchObject({ status: 400, message: 'error.badInput' });
    const input = formInputOf(error);
    expect(input?.values).toEqual({ name: 'ab', phone: '0123' });
    expect(fieldProblems(input ?? { values: {}, invalid: {}, problem: null }, translator('ms'))).toEqual({
      name: translator('ms')('field.badCharacters'),
    });
    expect(formInputOf(new HttpError(400, 'x'))).toBeNull();
    await expect(readForm(form('name=caf%C3%28'))).rejects.toMatchObject({ status: 400, message: 'error.badEncoding' });
  });

  it('readJson: a body that is not UTF-8 is a 400 with its own message', async () => {
    const request = new Request('http://h/', {
      method: 'POST',
      body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
      headers: { 'Content-Type': 'application/json' },
    });
    await expect(readJson(request)).rejects.toMatchObject({ status: 400, message: 'error.badEncoding' });
    const response = errorJson(new HttpError(400, 'error.badEncoding'), translator('id'));
    expect(await response.json()).toEqual({ error: translator('id')('error.badEncoding') });
  });

  it('errorJson translates a message key thrown by the readers', async () => {
    const response = errorJson(new HttpError(400, 'error.badInput'), translator('id'));
    expect(await response.json()).toEqual({ error: translator('id')('error.badInput') });
  });
});

describe('readMultipartForm', () => {
  const post = (body: FormData | string, headers: Record<string, string> = {}) =>
    new Request('http://x.test/', { method: 'POST', body, headers });

  it('reads text fields and non-empty files', async () => {
    const form = new FormData();
    form.set('title_en', 'Banjir');
    form.set('image', new Blob([new Uint8Array([1, 2, 3])]), 'a.png');
    form.set('empty', new Blob([]), '');
    const request = post(form);
    const length = (await request.clone().arrayBuffer()).byteLength;
    const { fields, files } = await readMultipartForm(
      new Request(request, { headers: { ...Object.fromEntries(request.headers), 'content-length': String(length) } }),
      10_000,
    );
    expect(fields.title_en).toBe('Banjir');
    expect(Object.keys(files)).toEqual(['image']);
    expect([...(files.image ?? [])]).toEqual([1, 2, 3]);
  });

  it('refuses a body over the limit (413), one that is not a form (400) and NUL in a field (400)', async () => {
    await expect(readMultipartForm(post('a=1', { 'content-length': '20000' }), 10_000)).rejects.toMatchObject({
      status: 413,
    });
    await expect(
      readMultipartForm(post('{}', { 'content-type': 'application/json', 'content-length': '2' }), 10_000),
    ).rejects.toBeInstanceOf(HttpError);
    const nul = await readMultipartForm(
      post('a=x%00y', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '7' }),
      10_000,
    ).catch((error: unknown) => error);
    expect(nul).toMatchObject({ status: 400 });
  });
});
