// What a card validation page (cartao-validar, cartao-valor, cartao-confirmado,
// cartao-tentativas-excedidas [R-2.14, R-2.16..R-2.18]) needs before it renders: the establishment's
// page data and the card named in ?cartao=. Without a card, the wallet is the fallback
// (the attempts-exceeded page needs none).
import { CARD_QUERY, routes, type CardStep } from '../lib/urls.ts';
import type { CardStepPageProps } from '../schemas/island-props.ts';
import { loadStorePage } from './page-data.ts';

type Loaded = Extract<Awaited<ReturnType<typeof loadStorePage>>, { ok: true }>;

export type CardStepPage = { redirect: string } | { store: Loaded['store']; sections: Loaded['sections']; props: CardStepPageProps };

/** Card ids are the API's [A-Za-z0-9_-]{1,64}; anything else names no card. */
const CARD_ID = /^[A-Za-z0-9_-]{1,64}$/;

export async function loadCardStepPage(slug: string, route: CardStep, url: URL): Promise<CardStepPage> {
  const raw = url.searchParams.get(CARD_QUERY);
  const cardId = raw && CARD_ID.test(raw) ? raw : null;
  if (!cardId && route !== 'cartao-tentativas-excedidas') return { redirect: routes.wallet(slug) };
  const loaded = await loadStorePage(slug, route);
  if (!loaded.ok) return { redirect: loaded.redirect };
  const est = loaded.store.establishment;
  return {
    store: loaded.store,
    sections: loaded.sections,
    props: {
      establishmentId: est._id,
      slug,
      route,
      cardId,
      support: { name: est.name, phone: est.hide_phone ? null : (est.phone ?? null) },
      onlinePayment: est.has_online_payment,
    },
  };
}
