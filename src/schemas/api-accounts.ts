// Boundary schemas of the account calls (spec section 7 'User'; docs/api.md 'Accounts'): register,
// login, logout, token exchange and the profile. arktype checks the shapes and the plain length
// rules; the rules that need the domain modules (phone, CPF/CNPJ, birthday, password confirmation)
// run in src/server/services/auth.ts and report the same { path, code, message } field problems.
import { type } from 'arktype';
import { EMAIL_MAX, EMAIL_PATTERN, GENDERS, NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN, type Gender } from './account-fields.ts';

const id = /^[A-Za-z0-9_-]{1,64}$/;

const name = type('string.trim').to(`${NAME_MIN} <= string <= ${NAME_MAX}`);
const email = type('string.trim')
  .pipe((s: string) => s.toLowerCase())
  .to(type(EMAIL_PATTERN).describe('an email address').and(`string <= ${EMAIL_MAX}`));
/** Checked and normalised with src/domain/phone.ts afterwards. */
const phone = type('1 <= string <= 40');
const password = type(`${PASSWORD_MIN} <= string <= ${PASSWORD_MAX}`);
/** Facebook ids are numeric; the id goes into the graph.facebook.com picture URL. */
const fbid = type(/^\d{1,32}$/);

export const RegisterBody = type({
  establishment_id: id,
  name,
  email,
  phone,
  password,
  /** The referral code of the link the customer came through (docs/api.md 'Referral'); an unknown one is ignored. */
  'referral_code?': 'string <= 32',
  '+': 'delete',
});
export type RegisterBody = typeof RegisterBody.infer;

export const LoginBody = type({
  establishment_id: id,
  /** E-mail or phone in any mask. */
  login: type('string.trim').to('1 <= string <= 254'),
  /** Not length-checked beyond a bound: a wrong length is just a wrong password. */
  password: '1 <= string <= 200',
  '+': 'delete',
});
export type LoginBody = typeof LoginBody.infer;

export const LogoutBody = type({ establishment_id: id, '+': 'delete' });

/** A handover code as POST /auth/handover answers it: 32 random bytes, base64url. */
const handoverCode = /^[A-Za-z0-9_-]{43}$/;

/** POST /auth/handover: the establishment where the code will be exchanged. */
export const HandoverBody = type({ establishment_id: id, '+': 'delete' });

/** POST /auth/exchange: the code handed over in `?handover=`, never a session token. */
export const ExchangeBody = type({
  establishment_id: id,
  handover: handoverCode,
  '+': 'delete',
});

export const ProfileBody = type({
  'name?': name,
  'email?': email,
  'phone?': phone,
  /** A CPF or CNPJ, any punctuation; null clears it. */
  'document?': 'string <= 40 | null',
  /** YYYY-MM-DD. */
  'birthday?': 'string <= 40',
  'gender?': type.enumerated(...GENDERS),
  'fbid?': fbid.or('null'),
  'password?': password,
  'password_confirmation?': 'string <= 200',
  /** Required with `password`: the password the account has now. */
  'current_password?': '1 <= string <= 200',
  '+': 'delete',
});
export type ProfileBody = typeof ProfileBody.infer;

/** DELETE /users/me: the password, and the customer's word that a positive credit balance is lost with the account. */
export const DeleteAccountBody = type({
  password: '1 <= string <= 200',
  'forfeit_credits?': 'boolean',
  '+': 'delete',
});
export type DeleteAccountBody = typeof DeleteAccountBody.infer;

/** Text fields that may come with the photo upload (image-hosting form compatibility). */
export const PhotoFields = type({
  'preset?': '0 <= string <= 100',
  'tags?': '0 <= string <= 500',
});

// ---------------------------------------------------------------- answers

/** The user as the API answers it [R-3.48] (GET and PUT /users/me, and inside AuthAnswer). */
export interface UserView {
  _id: string;
  name: string;
  email: string;
  phone: string;
  fbid: string | null;
  /** The uploaded photo (512 px), else the social network's picture, else null. */
  photo: string | null;
  photo_sizes: Record<string, string> | null;
  phone_verified: boolean;
  email_verified: boolean;
  /** Balance in centavos. */
  credits: number;
  document: string | null;
  birthday: string | null;
  gender: Gender | null;
  delivery_address: null;
}

/** POST /auth/register (201), /auth/login and /auth/exchange (200). */
export interface AuthAnswer {
  user: UserView;
}

/** POST /auth/handover (201): the single-use code to put in the storefront's address as `?handover=`. */
export interface HandoverAnswer {
  code: string;
  /** Seconds it stays valid. */
  expires_in: number;
}

/** POST /users/me/photo: the 512 px photo and every size's URL. */
export interface PhotoAnswer {
  photo: string;
  photo_sizes: Record<string, string>;
}
