// The logged-in user's account: GET and PUT /users/me with every profile rule, and the photo
// upload resized to the thumbnail sizes.
import { afterAll, describe, it, expect } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { forEachDatabase } from './helpers/databases.ts';
import { estId, loadAllFixtures } from './helpers/fixtures.ts';
import { bearerHeaders, callMultipart, cookieHeaders, registerUser, type Session } from './helpers/accounts.ts';
import { IMAGE_SIZES, imageUrl, localImageStorage } from '../../src/server/adapters/image-storage.ts';

const centro = estId('bella-centro');
const manaus = estId('mercado-manaus');
/** Friday 2025-01-03 20:00 in São Paulo. */
const START = '2025-01-03T23:00:00Z';

const uploadsDir = mkdtempSync(join(tmpdir(), 'storefront-uploads-'));
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));
const storage = localImageStorage(uploadsDir, '/uploads');
const fileOf = (url: string) => join(uploadsDir, url.replace(/^\/uploads\//, ''));

const USER_KEYS = [
  '_id',
  'birthday',
  'credits',
  'delivery_address',
  'document',
  'email',
  'email_verified',
  'fbid',
  'gender',
  'name',
  'phone',
  'phone_verified',
  'photo',
  'photo_sizes',
];

/** A 800x600 PNG with a gradient-ish pattern, made with sharp. */
async function samplePng(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .composite([
      {
        input: { create: { width: Math.floor(width / 2), height: Math.floor(height / 2), channels: 3, background: { r: 20, g: 90, b: 200 } } },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

function photoForm(bytes: Uint8Array, type = 'image/png', name = 'foto.png', extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  return form;
}

forEachDatabase(
  'users/me',
  (ctx) => {
    const get = async (s: Session) => {
      const res = await ctx().call('/api/users/me', { headers: cookieHeaders(s) });
      return { status: res.status, body: await res.json() };
    };
    const put = async (s: Session, body: unknown) => {
      const res = await ctx().call('/api/users/me', { method: 'PUT', body, headers: cookieHeaders(s) });
      return { status: res.status, body: await res.json() };
    };
    const paths = (body: { fields?: Array<{ path: string }> }) => (body.fields ?? []).map((f) => f.path).sort();

    describe('GET /users/me', () => {
      it('answers the logged-in user with every field of the user entity [R-7.39, R-3.48]', async () => {
        const { session, user, data } = await registerUser(ctx(), centro, { phone: '(11) 98222-3344' });
        const { status, body } = await get(session);
        expect(status).toBe(200);
        expect(Object.keys(body).sort()).toEqual(USER_KEYS);
        expect(body).toEqual({
          _id: user._id,
          name: data.name,
          email: data.email.toLowerCase(),
          phone: '11982223344',
          fbid: null,
          photo: null,
          photo_sizes: null,
          phone_verified: false,
          email_verified: false,
          credits: 0,
          document: null,
          birthday: null,
          gender: null,
          delivery_address: null,
        });
        await ctx().db.updateTable('users').set({ credits: 1250, phone_verified: 1 }).where('id', '=', user._id).execute();
        const after = await get(session);
        expect(after.body.credits).toBe(1250);
        expect(Number.isInteger(after.body.credits)).toBe(true);
        expect(after.body.phone_verified).toBe(true);
      });

      it('answers 401 unauthorized without a session [R-7.39]', async () => {
        const res = await ctx().call('/api/users/me');
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ message: 'unauthorized' });
      });
    });

    describe('PUT /users/me', () => {
      it('changes the name, trimmed, within 4 to 200 characters [R-7.40, R-5.93]', async () => {
        const { session } = await registerUser(ctx(), centro);
        for (const name of ['Bia', '  Bia  ', 'x'.repeat(201), '']) {
          const r = await put(session, { name });
          expect(r.status, name).toBe(400);
          expect(r.body.message).toBe('invalid_body');
          expect(paths(r.body)).toEqual(['name']);
        }
        expect((await put(session, { name: '  Beatriz Lima  ' })).body.name).toBe('Beatriz Lima');
        expect((await put(session, { name: 'y'.repeat(200) })).body.name).toBe('y'.repeat(200));
        expect((await get(session)).body.name).toBe('y'.repeat(200));
      });

      it('changes the password only with 4 to 10 characters [R-5.94]', async () => {
        const { session, data } = await registerUser(ctx(), centro);
        for (const password of ['abc', 'abcdefghijk']) {
          const r = await put(session, { password, password_confirmation: password, current_password: data.password });
          expect(r.status).toBe(400);
          expect(paths(r.body)).toEqual(['password']);
        }
      });

      it('requires the confirmation to equal the password (password_mismatch) [R-5.95]', async () => {
        const { session, data } = await registerUser(ctx(), centro);
        const current_password = data.password;
        for (const body of [{ password: 'nova12', password_confirmation: 'nova13' }, { password: 'nova12' }]) {
          const r = await put(session, { ...body, current_password });
          expect(r.status).toBe(400);
          expect(r.body.fields).toEqual([expect.objectContaining({ path: 'password_confirmation', code: 'password_mismatch' })]);
        }
        const ok = await put(session, { password: 'nova12', password_confirmation: 'nova12', current_password });
        expect(ok.status).toBe(200);
        expect(JSON.stringify(ok.body)).not.toContain('nova12');
        const login = (password: string) => ctx().call('/api/auth/login', { method: 'POST', body: { establishment_id: centro, login: data.email, password } });
        expect((await login('nova12')).status).toBe(200);
        expect((await login(data.password)).status).toBe(401);
        const row = await ctx().db.selectFrom('users').select('password_hash').where('email', '=', data.email.toLowerCase()).executeTakeFirstOrThrow();
        expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
      });

      it('a new password needs the current one: without it 400 current_password required, wrong 403 wrong_password, and nothing of the body is saved', async () => {
        const { session, data, user } = await registerUser(ctx(), centro);
        const hashOf = async () =>
          (await ctx().db.selectFrom('users').select('password_hash').where('id', '=', user._id).executeTakeFirstOrThrow()).password_hash;
        const hashBefore = await hashOf();
        const missing = await put(session, { password: 'nova12', password_confirmation: 'nova12' });
        expect(missing.status).toBe(400);
        expect(missing.body.fields).toEqual([expect.objectContaining({ path: 'current_password', code: 'required' })]);
        const wrong = await put(session, { name: 'Outro Nome', password: 'nova12', password_confirmation: 'nova12', current_password: 'errada' });
        expect(wrong.status).toBe(403);
        expect(wrong.body).toEqual({ message: 'wrong_password' });
        expect((await get(session)).body.name).toBe(data.name);
        expect(await hashOf()).toBe(hashBefore);
        const login = await ctx().call('/api/auth/login', { method: 'POST', body: { establishment_id: centro, login: data.email, password: data.password } });
        expect(login.status).toBe(200);
      });

      it('wrong current passwords sent in parallel are limited per account: 5 are checked, the rest 429, and then the right one waits too', async () => {
        const { session, data } = await registerUser(ctx(), centro);
        const guess = (current_password: string) => put(session, { password: 'nova12', password_confirmation: 'nova12', current_password });
        const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => guess(`errada${i}`)));
        expect(answers.filter((a) => a.status === 403)).toHaveLength(5);
        expect(answers.filter((a) => a.status === 429).map((a) => a.body.message)).toEqual(Array(4).fill('too_many_attempts'));
        const right = await ctx().call('/api/users/me', {
          method: 'PUT',
          body: { password: 'nova12', password_confirmation: 'nova12', current_password: data.password },
          headers: cookieHeaders(session),
        });
        expect(right.status).toBe(429);
        expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
        // Another account is not held back by this one's count.
        const other = await registerUser(ctx(), centro);
        expect((await put(other.session, { password: 'nova12', password_confirmation: 'nova12', current_password: other.data.password })).status).toBe(200);
      });

      it('ends the other sessions on a password change and keeps the current one', async () => {
        const { session, data } = await registerUser(ctx(), centro);
        const other = await ctx().call('/api/auth/login', { method: 'POST', body: { establishment_id: centro, login: data.email, password: data.password } });
        const otherToken = other.headers.getSetCookie()[0]!.split(';')[0]!.split('=')[1]!;
        expect((await ctx().call('/api/users/me', { headers: bearerHeaders(otherToken) })).status).toBe(200);
        expect((await put(session, { password: 'troca1', password_confirmation: 'troca1', current_password: data.password })).status).toBe(200);
        expect((await ctx().call('/api/users/me', { headers: bearerHeaders(otherToken) })).status).toBe(401);
        expect((await get(session)).status).toBe(200);
      });

      it('accepts a valid CPF or CNPJ and rejects an invalid or incomplete document [R-5.96]', async () => {
        const { session } = await registerUser(ctx(), centro);
        const personal = { birthday: '1990-05-17', gender: 'female' };
        const bad = await put(session, { document: '529.982.247-24', ...personal });
        expect(bad.status).toBe(400);
        expect(bad.body.fields).toEqual([expect.objectContaining({ path: 'document', code: 'document_not_validate' })]);
        const same = await put(session, { document: '111.111.111-11', ...personal });
        expect(same.body.fields[0].code).toBe('document_not_validate');
        const short = await put(session, { document: '529.982.247', ...personal });
        expect(short.body.fields).toEqual([expect.objectContaining({ path: 'document', code: 'document_incomplete' })]);

        const cpf = await put(session, { document: '529.982.247-25', ...personal });
        expect(cpf.status).toBe(200);
        expect(cpf.body).toMatchObject({ document: '52998224725', birthday: '1990-05-17', gender: 'female' });
        const cnpj = await put(session, { document: '11.222.333/0001-81', ...personal });
        expect(cnpj.body.document).toBe('11222333000181');
        // null clears it (birthday and gender still come with the form).
        expect((await put(session, { document: null, ...personal })).body.document).toBeNull();
      });

      it('requires a real past birthday with the personal data, from 1900 on [R-5.97]', async () => {
        ctx().setNow(START);
        const { session } = await registerUser(ctx(), centro);
        const missing = await put(session, { document: '529.982.247-25', gender: 'male' });
        expect(missing.status).toBe(400);
        expect(missing.body.fields).toEqual([expect.objectContaining({ path: 'birthday', code: 'required' })]);
        // 2025-01-04 is tomorrow in São Paulo (20:00 on the 3rd).
        for (const birthday of ['2025-01-04', '2030-01-01', '1899-12-31', '1990-02-30', '17/05/1990', '1990-13-01', '']) {
          const r = await put(session, { birthday, gender: 'male' });
          expect(r.status, birthday).toBe(400);
          expect(r.body.fields, birthday).toEqual([expect.objectContaining({ path: 'birthday', code: 'birthday_invalid' })]);
        }
        for (const birthday of ['2025-01-03', '1900-01-01', '2000-02-29']) {
          const r = await put(session, { birthday, gender: 'male' });
          expect(r.status, birthday).toBe(200);
          expect(r.body.birthday).toBe(birthday);
        }
      });

      it('requires the gender with the personal data, one of female, male, other, not_informed [R-5.98]', async () => {
        const { session } = await registerUser(ctx(), centro);
        const missing = await put(session, { document: '529.982.247-25', birthday: '1990-05-17' });
        expect(missing.status).toBe(400);
        expect(missing.body.fields).toEqual([expect.objectContaining({ path: 'gender', code: 'required' })]);
        const both = await put(session, { document: '529.982.247-25' });
        expect(paths(both.body)).toEqual(['birthday', 'gender']);
        expect((await put(session, { birthday: '1990-05-17', gender: 'alien' })).status).toBe(400);
        for (const gender of ['female', 'male', 'other', 'not_informed']) {
          expect((await put(session, { birthday: '1990-05-17', gender })).body.gender).toBe(gender);
        }
        // A name-only save does not need them.
        expect((await put(session, { name: 'Só o Nome' })).status).toBe(200);
      });

      it('reports every problem of a body at once', async () => {
        const { session } = await registerUser(ctx(), centro);
        const r = await put(session, { phone: '123', document: '123', birthday: '2999-01-01', password: 'abcd', password_confirmation: 'abce' });
        expect(r.status).toBe(400);
        expect(paths(r.body)).toEqual(['birthday', 'current_password', 'document', 'gender', 'password_confirmation', 'phone']);
      });

      it('changes e-mail and phone (verification reset), 409 when another user of the company has them [R-7.40]', async () => {
        const a = await registerUser(ctx(), centro);
        const b = await registerUser(ctx(), centro, { phone: '11977665544' });
        const foreign = await registerUser(ctx(), manaus, { phone: '11966554433' });
        await ctx().db.updateTable('users').set({ email_verified: 1, phone_verified: 1 }).where('id', '=', a.user._id).execute();

        expect(await put(a.session, { email: b.data.email.toUpperCase() })).toEqual({ status: 409, body: { message: 'email_taken' } });
        expect(await put(a.session, { phone: '(11) 7766-5544' })).toEqual({ status: 409, body: { message: 'phone_taken' } });
        // Its own values are not 'taken', and keep the verification.
        const unchanged = await put(a.session, { email: a.data.email, phone: a.data.phone });
        expect(unchanged.body).toMatchObject({ email_verified: true, phone_verified: true });
        // Another company's user does not count.
        const moved = await put(a.session, { email: foreign.data.email, phone: '+55 (11) 96655-4433' });
        expect(moved.status).toBe(200);
        expect(moved.body).toMatchObject({ email: foreign.data.email.toLowerCase(), phone: '11966554433', email_verified: false, phone_verified: false });
        expect((await put(a.session, { phone: '11 9' })).body.fields).toEqual([expect.objectContaining({ path: 'phone', code: 'phone_incomplete' })]);
        expect((await put(a.session, { email: 'sem-arroba' })).status).toBe(400);
      });

      it('shows the social-network picture for an fbid when no photo was uploaded [R-1.30]', async () => {
        const { session } = await registerUser(ctx(), centro);
        const r = await put(session, { fbid: '100004567890123' });
        expect(r.status).toBe(200);
        expect(r.body.fbid).toBe('100004567890123');
        expect(r.body.photo).toBe('https://graph.facebook.com/100004567890123/picture?type=large');
        expect(r.body.photo_sizes).toBeNull();
        expect((await put(session, { fbid: '../../evil' })).status).toBe(400);
        expect((await put(session, { fbid: null })).body.photo).toBeNull();
      });

      it('ignores fields the user may not set (credits, verification, ban, id)', async () => {
        const { session, user } = await registerUser(ctx(), centro);
        const r = await put(session, { credits: 999999, email_verified: true, phone_verified: true, banned: 0, _id: 'outro', name: 'Nome Novo' });
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ _id: user._id, credits: 0, email_verified: false, phone_verified: false, name: 'Nome Novo' });
      });

      it('answers 401 without a session and 400 invalid_json for a malformed body', async () => {
        expect((await ctx().call('/api/users/me', { method: 'PUT', body: { name: 'Alguém' } })).status).toBe(401);
        const { session } = await registerUser(ctx(), centro);
        const res = await ctx().call('/api/users/me', { method: 'PUT', body: '{nope', headers: cookieHeaders(session) });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ message: 'invalid_json' });
      });
    });

    describe('POST /users/me/photo', () => {
      it('resizes an uploaded PNG to square WebP thumbnails of 512, 144, 114, 72, 32, 16 px [R-7.72, R-9.17, R-1.30]', async () => {
        const { session, user } = await registerUser(ctx(), centro);
        await put(session, { fbid: '100004567890123' });
        const res = await callMultipart(
          ctx(),
          '/api/users/me/photo',
          photoForm(await samplePng(), 'image/png', 'foto.png', { preset: 'avatar', tags: 'user,profile' }),
          cookieHeaders(session),
        );
        const body = await res.json();
        expect(res.status, JSON.stringify(body)).toBe(200);
        expect(Object.keys(body.photo_sizes).sort()).toEqual(['114', '144', '16', '32', '512', '72']);
        expect(body.photo).toBe(body.photo_sizes['512']);
        for (const size of IMAGE_SIZES) {
          const url: string = body.photo_sizes[String(size)];
          expect(url).toMatch(new RegExp(`^/uploads/users/${user._id}/[0-9a-f]{16}-${size}\\.webp$`));
          const meta = await sharp(fileOf(url)).metadata();
          expect(meta.format).toBe('webp');
          expect([meta.width, meta.height]).toEqual([size, size]);
        }
        // The uploaded photo wins over the fbid picture.
        const me = await get(session);
        expect(me.body.photo).toBe(body.photo);
        expect(me.body.photo_sizes).toEqual(body.photo_sizes);
      });

      it('accepts JPEG and WebP too, and replaces the previous photo files', async () => {
        const { session } = await registerUser(ctx(), centro);
        const png = await samplePng(300, 500);
        const first = await (
          await callMultipart(ctx(), '/api/users/me/photo', photoForm(await sharp(png).jpeg().toBuffer(), 'image/jpeg', 'a.jpg'), cookieHeaders(session))
        ).json();
        expect(first.photo).toMatch(/-512\.webp$/);
        const second = await callMultipart(
          ctx(),
          '/api/users/me/photo',
          photoForm(await sharp(png).webp().toBuffer(), 'image/webp', 'b.webp'),
          cookieHeaders(session),
        );
        expect(second.status).toBe(200);
        const body = await second.json();
        expect(body.photo).not.toBe(first.photo);
        expect((await sharp(fileOf(body.photo_sizes['16'])).metadata()).width).toBe(16);
        await expect(sharp(fileOf(first.photo)).metadata()).rejects.toThrow();
      });

      it('answers 415 unsupported_media_type for other files and non-multipart bodies', async () => {
        const { session } = await registerUser(ctx(), centro);
        const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
        for (const [bytes, type] of [
          [gif, 'image/gif'],
          [Buffer.from('just text, not an image'), 'image/png'],
          // A PNG signature with garbage after it cannot be decoded.
          [Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]), 'image/png'],
        ] as const) {
          const res = await callMultipart(ctx(), '/api/users/me/photo', photoForm(bytes, type), cookieHeaders(session));
          expect(res.status).toBe(415);
          expect(await res.json()).toEqual({ message: 'unsupported_media_type' });
        }
        const json = await ctx().call('/api/users/me/photo', { method: 'POST', body: { file: 'x' }, headers: cookieHeaders(session) });
        expect(json.status).toBe(415);
        const noFile = new FormData();
        noFile.append('preset', 'avatar');
        const missing = await callMultipart(ctx(), '/api/users/me/photo', noFile, cookieHeaders(session));
        expect(missing.status).toBe(400);
        expect((await missing.json()).fields[0]).toMatchObject({ path: 'file', code: 'required' });
      });

      it('answers 413 payload_too_large for a file over 5 MB or a body over 6 MB; other routes keep the general limit', async () => {
        const { session } = await registerUser(ctx(), centro);
        const png = await samplePng(64, 64);
        const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length)]);
        const res = await callMultipart(ctx(), '/api/users/me/photo', photoForm(big), cookieHeaders(session));
        expect(res.status).toBe(413);
        expect(await res.json()).toEqual({ message: 'payload_too_large' });
        // Each part under 5 MB, the body over 6 MB: the route's body limit answers.
        const form = photoForm(Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]));
        form.append('extra', new Blob([new Uint8Array(3.5 * 1024 * 1024)]), 'extra.bin');
        const huge = await callMultipart(ctx(), '/api/users/me/photo', form, cookieHeaders(session));
        expect(huge.status).toBe(413);
        expect(await huge.json()).toEqual({ message: 'payload_too_large' });
        // A 2 MB JSON body elsewhere is still over the general 1 MiB limit.
        const put2mb = await ctx().call('/api/users/me', { method: 'PUT', body: { name: 'x'.repeat(2 * 1024 * 1024) }, headers: cookieHeaders(session) });
        expect(put2mb.status).toBe(413);
        // Between 1 MiB and 5 MB the upload is fine.
        const photo = await sharp({
          create: { width: 1200, height: 1200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
        })
          .png()
          .toBuffer();
        expect(photo.length).toBeGreaterThan(1024 * 1024);
        const ok = await callMultipart(ctx(), '/api/users/me/photo', photoForm(photo), cookieHeaders(session));
        expect(ok.status).toBe(200);
      });

      it('builds image URLs from a storage key and a size [R-7.73]', () => {
        expect(imageUrl('users/abc/k1', 144, storage)).toBe('/uploads/users/abc/k1-144.webp');
        expect(imageUrl('users/abc/k1', 16, localImageStorage(uploadsDir, 'https://cdn.example/u/'))).toBe('https://cdn.example/u/users/abc/k1-16.webp');
        expect(() => imageUrl('../etc/passwd', 16, storage)).toThrow();
      });
    });
  },
  { setup: async (c) => loadAllFixtures(c.db), deps: { imageStorage: storage }, startAt: START },
);
