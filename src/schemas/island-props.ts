// What an Astro page hands to the browser: the #store-data JSON every store page carries and the
// props of the islands a page mounts. One declaration each, imported by the page or layout that
// writes it and by the island or script that reads it, so the type checker sees both ends.
import type { OfficeHour, ZoneOffsets } from '../domain/week-clock.ts';
import type { EstablishmentView } from './views.ts';
import type { AchievementView } from './api-promotions.ts';

/**
 * The #store-data island (application/json) of every store page: what the page scripts and the
 * cart need to know about the establishment without a request. Written by
 * src/layouts/StoreLayout.astro, read by src/client/store-island.ts readStoreIsland. Never anything
 * private: the stored pages are the same for everyone.
 */
export interface StoreIsland {
  id: string;
  slug: string;
  open_mode: EstablishmentView['open_mode'];
  office_hours: OfficeHour[];
  time_zone: string;
  /** The zone's UTC offsets the page was rendered with, so reading the wall clock needs no ICU data. */
  zone_offsets?: ZoneOffsets | null;
  preferences: { max_days_scheduling: number; delivery_type?: string[] };
  /** preferences.unavailable: the establishment takes no orders at all for now. */
  unavailable: boolean;
}

/** The account area's pages: its home ('Meus dados') and children [R-2.19..R-2.27]. */
export const ACCOUNT_SECTIONS = ['home', 'pedidos', 'evaluation', 'enderecos', 'carteira', 'indicar', 'sugestoes', 'reportar', 'configuracoes'] as const;
export type AccountSection = (typeof ACCOUNT_SECTIONS)[number];

/** islands/account/AccountArea.tsx, mounted by src/pages/[slug]/minha-conta/[...path].astro. */
export interface AccountAreaProps {
  establishmentId: string;
  slug: string;
  section: AccountSection;
  /** The server's guess (the session hint cookie is present). */
  member: boolean;
  returnTo: string | null;
  /** This page's path (the place to come back to after logging in from a child page). */
  currentPath: string;
  /** The establishment's zone: the profile's birthday is judged by its calendar. */
  timeZone: string;
  /** What the address says of the login and registration forms (the tab, a refused post's code, what was typed, the referral code). */
  authForm: Omit<AuthFormState, 'back'>;
  /** The establishment's name, in the referral's texts and the message shared with a friend. */
  establishmentName: string;
  /** preferences.referral_credit: centavos each side of a referral earns here; 0 = no programme (docs/api.md 'Referral'). */
  referralCredit: number;
  /** preferences.has_online_payment: the wallet adds and validates cards only where they can pay. */
  onlinePayment: boolean;
}

/**
 * islands/promotions/AchievementsPage.tsx, rendered on the server only by
 * src/pages/[slug]/conquistas.astro [R-2.10] (src/server/achievements-page.ts loads it).
 */
export interface AchievementsPageProps {
  slug: string;
  /** The request carried a valid session: the achievements come with the customer's progress. */
  customer: boolean;
  achievements: AchievementView[];
}

/** The visitor's two forms on the account page. */
export type AuthFormKind = 'login' | 'register';

/**
 * The account page's forms as its query carries them (src/lib/urls.ts authFormUrl): written by the
 * server after a refused form post, read by the page for the island.
 */
export interface AuthFormState {
  tab: AuthFormKind;
  /** A code of account:errors (why the last post was refused), or null. */
  error: string | null;
  /** The e-mail or phone typed in the login form, kept after a refusal. */
  login: string;
  /** The e-mail typed in the registration form, kept after a refusal. */
  email: string;
  /** A path of this establishment to go to after logging in (safeReturnPath). */
  back: string | null;
  /** The referral code of the link the customer came through (normalised), '' when none: the registration sends it. */
  referral: string;
}

/** islands/order/OrderPage.tsx, mounted by src/pages/[slug]/pedido/[...id].astro. */
export interface OrderPageProps {
  establishmentId: string;
  slug: string;
  orderId: string;
  /** The establishment's zone: the order's times are shown on its clock. */
  timeZone: string;
}

/** The establishment a customer blocked from cards calls for more attempts. */
export interface SupportContact {
  name: string;
  phone: string | null;
}

/** islands/cards/CardStepPage.tsx, mounted by the cartao-* pages (src/components/cards/CardStepLayout.astro). */
export interface CardStepPageProps {
  establishmentId: string;
  slug: string;
  /** The route opened: 'cartao-validar', 'cartao-valor', 'cartao-confirmado' or 'cartao-tentativas-excedidas'. */
  route: 'cartao-validar' | 'cartao-valor' | 'cartao-confirmado' | 'cartao-tentativas-excedidas';
  /** ?cartao=, checked by the page ([A-Za-z0-9_-]{1,64}); null only on the attempts-exceeded page. */
  cardId: string | null;
  /** The establishment, whom a blacklisted customer calls. */
  support: SupportContact;
  /** preferences.has_online_payment: where it is off, no card is validated here. */
  onlinePayment: boolean;
}

/** islands/staff/StaffLogin.tsx, mounted by src/pages/[slug]/painel/entrar.astro: the establishment is the address's. */
export interface StaffLoginProps {
  establishmentId: string;
  slug: string;
  /** The e-mail to fill in (after an accepted invitation), '' when none. */
  initialEmail: string;
}

/** islands/staff/AcceptInvitation.tsx, mounted by src/pages/[slug]/painel/convite/[token].astro. */
export interface AcceptInvitationProps {
  establishmentId: string;
  slug: string;
  token: string;
}

/** islands/staff/StaffPanel.tsx, mounted by src/pages/[slug]/painel/index.astro. */
export interface StaffPanelProps {
  establishmentId: string;
  slug: string;
  timeZone: string;
}
