// The logged-in user's own account (spec section 7 'User, addresses'; the
// image-hosting upload ): read and edit the profile, change the password (with the current
// one), upload a photo, and the data rights (docs/privacy.md): download a copy of everything kept,
// erase the account. Every route acts on the session's user only; there is no way to name another
// user. docs/api.md 'Accounts'.
import { Hono } from 'hono';
import sharp from 'sharp';
import type { ApiEnv } from '../env.ts';
import { ApiError, validate, type FieldProblem } from '../errors.ts';
import { PhotoFields, type ProfileBody } from '../../../schemas/api-accounts.ts';
import { routeBody, type Answer } from '../route-table.ts';
import { getUser, updateUser, uniqueViolation, type UserChanges } from '../../db/users-repo.ts';
import { randomId } from '../../db/ids.ts';
import { getEstablishmentTimeZone } from '../../db/orders-repo.ts';
import { assertContactsFree, checkProfile, userView, type ProfileChanges } from '../../services/auth.ts';
import { changePassword, confirmPassword } from '../../services/account-password.ts';
import { deleteUserPhoto, eraseAccount, exportAccount } from '../../services/account-data.ts';
import { Refusal, invalidBody } from '../../services/refusal.ts';
import { clearSessionCookies, requestDeps as depsOf, requireSession } from '../guards.ts';
import { establishmentTimeZone } from '../../../domain/time.ts';
import { IMAGE_SIZES, MAX_DECODED_PIXELS, imageKey, imageSizeUrls, type ImageStorage } from '../../adapters/image-storage.ts';

export const PHOTO_UPLOAD_PATH = '/api/users/me/photo';
/** Largest photo file: 5 MiB. */
export const PHOTO_MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Largest request body of the photo upload (the file plus the multipart envelope): 6 MiB. */
export const PHOTO_MAX_BODY_BYTES = 6 * 1024 * 1024;

/** jpeg, png or webp by their leading bytes (the declared type is not trusted). */
export function sniffImageType(bytes: Uint8Array): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  const at = (i: number) => bytes[i] ?? -1;
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** The square WebP thumbnails of an image, largest first; 415 when it cannot be decoded. */
async function squareThumbnails(bytes: Uint8Array): Promise<Array<{ size: (typeof IMAGE_SIZES)[number]; data: Buffer }>> {
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_DECODED_PIXELS, failOn: 'error' });
    await source.metadata();
    return await Promise.all(
      IMAGE_SIZES.map(async (size) => ({
        size,
        // rotate() applies the EXIF orientation; metadata (EXIF, GPS) is not copied to the output.
        data: await source.clone().rotate().resize(size, size, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer(),
      })),
    );
  } catch {
    throw new ApiError(415, 'unsupported_media_type');
  }
}

async function storePhoto(storage: ImageStorage, userId: string, bytes: Uint8Array): Promise<string> {
  const thumbs = await squareThumbnails(bytes);
  const key = `users/${userId}/${randomId()}`;
  for (const t of thumbs) await storage.put(imageKey(key, t.size), t.data, 'image/webp');
  return key;
}

/**
 * The profile rules (checkProfile), with one more: a new password comes with the current one. Every
 * field problem is answered at once (400 invalid_body).
 */
function checkedProfile(body: ProfileBody, now: Date, timeZone: string): ProfileChanges {
  const missing: FieldProblem[] =
    body.password !== undefined && body.current_password === undefined
      ? [{ path: 'current_password', code: 'required', message: 'current_password is required to change the password' }]
      : [];
  let checked: ProfileChanges;
  try {
    checked = checkProfile(body, now, timeZone);
  } catch (err) {
    if (err instanceof Refusal && err.code === 'invalid_body' && missing.length) throw invalidBody([...(err.fields ?? []), ...missing]);
    throw err;
  }
  if (missing.length) throw invalidBody(missing);
  return checked;
}

export const userRoutes = new Hono<ApiEnv>()
  // The logged-in user.
  .get('/users/me', async (c) => {
    const { db, now, secure, storage } = depsOf(c);
    c.header('Cache-Control', 'no-store');
    const { user } = await requireSession(c, { db, now, secure });
    return c.json(userView(user, storage) satisfies Answer<'GET /users/me'>);
  })
  // Edits the profile; answers the updated user [R-7.40, R-5.93..R-5.98]. A new password needs
  // the current one, and ends every other session of the user.
  .put('/users/me', async (c) => {
    const { db, now, secure, storage } = depsOf(c);
    c.header('Cache-Control', 'no-store');
    const current = await requireSession(c, { db, now, secure });
    const body = await routeBody(c, 'PUT /users/me');
    const { changes, password } = checkedProfile(body, now, establishmentTimeZone(await getEstablishmentTimeZone(db, current.session.establishment_id)));
    const user = current.user;
    // Before anything is written: a wrong current password changes nothing of the profile either.
    if (password !== undefined) await confirmPassword(db, user, body.current_password!, now);
    const update: UserChanges = { ...changes };
    // A changed e-mail or phone must be verified again.
    if (changes.email !== undefined && changes.email !== user.email) update.email_verified = 0;
    else delete update.email;
    if (changes.phone !== undefined && changes.phone !== user.phone) update.phone_verified = 0;
    else delete update.phone;
    await assertContactsFree(db, user.company_id, { email: update.email, phone: update.phone }, user.id);
    if (Object.keys(update).length > 0) {
      try {
        await updateUser(db, user.id, update, now);
      } catch (err) {
        const taken = uniqueViolation(err);
        if (taken) throw new ApiError(409, `${taken}_taken`);
        throw err;
      }
    }
    if (password !== undefined) {
      // This session stays; the others end, and the pages they hold open (in any server process) close their sockets.
      await changePassword(db, user.id, password, current.tokenHash, now);
      await c.get('deps').publish?.({ kind: 'user-sessions-ended', user_id: user.id, except_token_hash: current.tokenHash });
    }
    const fresh = await getUser(db, user.id);
    if (!fresh) throw new ApiError(401, 'unauthorized');
    return c.json(userView(fresh, storage) satisfies Answer<'PUT /users/me'>);
  })
  // A copy of everything kept about the user, as a JSON file to save (LGPD art. 18 II, V; docs/privacy.md).
  .get('/users/me/export', async (c) => {
    const { db, now, secure, storage } = depsOf(c);
    c.header('Cache-Control', 'no-store');
    const current = await requireSession(c, { db, now, secure });
    const data = await exportAccount({ db, now, storage }, current.user);
    const day = now.toISOString().slice(0, 10);
    c.header('Content-Disposition', `attachment; filename="meus-dados-${day}.json"`);
    return c.json(data satisfies Answer<'GET /users/me/export'>);
  })
  // Erases the account (LGPD art. 18 VI; docs/privacy.md 'Erasing the account'): the password, and
  // the customer's word when a credit balance would be lost. Every session ends and its pages'
  // sockets close; this request's cookies, and those of the other establishments it was logged in
  // at, are expired.
  .delete('/users/me', async (c) => {
    const { db, now, secure, storage } = depsOf(c);
    c.header('Cache-Control', 'no-store');
    const current = await requireSession(c, { db, now, secure });
    const body = await routeBody(c, 'DELETE /users/me');
    const erased = await eraseAccount({ db, now, storage, payments: c.get('deps').payments }, current.user, {
      password: body.password,
      forfeitCredits: body.forfeit_credits === true,
    });
    await c.get('deps').publish?.({ kind: 'user-sessions-ended', user_id: current.user.id, except_token_hash: null });
    for (const id of new Set([current.session.establishment_id, ...erased.establishmentIds])) clearSessionCookies(c, id, secure);
    return c.body(null, 204);
  })
  // Multipart upload (file, optional preset and tags) of the user's photo, resized to square
  // WebP thumbnails of 512, 144, 114, 72, 32 and 16 px.
  .post('/users/me/photo', async (c) => {
    const { db, now, secure, storage } = depsOf(c);
    c.header('Cache-Control', 'no-store');
    const current = await requireSession(c, { db, now, secure });
    const contentType = c.req.header('content-type') ?? '';
    if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new ApiError(415, 'unsupported_media_type');
    let form: Record<string, string | File | (string | File)[]>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw new ApiError(400, 'invalid_body', [{ path: '(root)', code: 'multipart', message: 'body must be multipart/form-data' }]);
    }
    const problems: FieldProblem[] = [];
    const file = form.file;
    if (!(file instanceof File)) problems.push({ path: 'file', code: 'required', message: 'file must be one uploaded image' });
    const text: Record<string, string> = {};
    for (const name of ['preset', 'tags'] as const) {
      const v = form[name];
      if (v === undefined) continue;
      if (typeof v === 'string') text[name] = v;
      else problems.push({ path: name, code: 'domain', message: `${name} must be text` });
    }
    if (problems.length) throw new ApiError(400, 'invalid_body', problems);
    // Accepted for compatibility with the image-hosting form; the server decides the sizes.
    validate(PhotoFields, text, 'body');
    const upload = file as File;
    if (upload.size > PHOTO_MAX_FILE_BYTES) throw new ApiError(413, 'payload_too_large');
    const bytes = new Uint8Array(await upload.arrayBuffer());
    if (!sniffImageType(bytes)) throw new ApiError(415, 'unsupported_media_type');

    const key = await storePhoto(storage, current.user.id, bytes);
    await updateUser(db, current.user.id, { photo_key: key }, now);
    if (current.user.photo_key && current.user.photo_key !== key) await deleteUserPhoto(storage, current.user.photo_key);
    const sizes = imageSizeUrls(key, storage);
    return c.json({ photo: sizes['512']!, photo_sizes: sizes } satisfies Answer<'POST /users/me/photo'>);
  });
