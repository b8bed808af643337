// The Hono API mounted under /api: the calls of spec section 7. Every request must carry
// Client-Type: client_web and Api-Version: 4 [R-7.1, R-7.2] (but the browser's own login and
// registration form posts, guarded by their origin instead); every input is validated by its
// arktype schema; every error is JSON { message: <code> } with an explicit status.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';
import { bodyLimit } from 'hono/body-limit';
import { lingerOnRefusedBody } from './refused-body.ts';
import { config } from '../config.ts';
import { ApiError, errorResponse } from './errors.ts';
import { Refusal } from '../services/refusal.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { tenancyRoutes } from './routes/tenancy.ts';
import { internalRoutes } from './routes/internal.ts';
import { authRoutes } from './routes/auth.ts';
import { AUTH_FORM_PATHS, authFormRoutes } from './routes/auth-forms.ts';
import { PHOTO_MAX_BODY_BYTES, PHOTO_UPLOAD_PATH, userRoutes } from './routes/users.ts';
import { geoRoutes, mapStyleRoutes } from './routes/geo.ts';
import { addressRoutes } from './routes/addresses.ts';
import { orderRoutes } from './routes/orders.ts';
import { orderBoardRoutes } from './routes/order-board.ts';
import { PRODUCT_PICTURE_MAX_BODY_BYTES, PRODUCT_PICTURE_PATH, menuRoutes } from './routes/menu.ts';
import { openingRoutes } from './routes/opening.ts';
import { slotCapacityRoutes } from './routes/slot-capacity.ts';
import { analyticsSettingsRoutes } from './routes/analytics-settings.ts';
import { tableRoutes } from './routes/tables.ts';
import { soldOutRoutes } from './routes/sold-out.ts';
import { cardKeyRoutes } from './routes/card-keys.ts';
import { feedbackRoutes } from './routes/feedback.ts';
import { orderFollowupRoutes } from './routes/order-followup.ts';
import type { ApiDeps, ApiEnv } from './env.ts';
import { defaultEmailSender, defaultPaymentGateway, defaultSmsSender, defaultWhatsAppSender } from '../adapters/select.ts';
import { createPixSandbox } from '../sandboxes/pix-sandbox.ts';
import { pixOnFirstUse } from '../adapters/pix-psp.ts';
import { pixRoutes, pixWebhookRoutes } from './routes/pix.ts';
import { verificationRoutes } from './routes/verification.ts';
import { cardRoutes } from './routes/cards.ts';
import { promotionRoutes } from './routes/promotions.ts';
import { staffRoutes } from './routes/staff.ts';
import { openDeliveryCredentialRoutes } from './routes/open-delivery-credentials.ts';
import { OPEN_DELIVERY_BASE, openDeliveryRoutes } from './routes/open-delivery.ts';
import { API_VERSION, CLIENT_TYPE } from '../../schemas/api-headers.ts';

export type { ApiDeps, ApiEnv } from './env.ts';

/** The largest body a request may send: the general limit, raised for the picture uploads only (a customer's photo, a product's picture). */
export function maxBodyBytesFor(method: string, path: string, general: number): number {
  if (method === 'POST' && path === PHOTO_UPLOAD_PATH) return Math.max(general, PHOTO_MAX_BODY_BYTES);
  if (method === 'PUT' && PRODUCT_PICTURE_PATH.test(path)) return Math.max(general, PRODUCT_PICTURE_MAX_BODY_BYTES);
  return general;
}

export function createApi(deps: ApiDeps) {
  const full = {
    now: () => new Date(),
    ...deps,
    whatsApp: deps.whatsApp ?? defaultWhatsAppSender(deps.db),
    payments: deps.payments ?? defaultPaymentGateway(deps.db),
    sms: deps.sms ?? defaultSmsSender(deps.db),
    email: deps.email ?? defaultEmailSender(deps.db),
    pix: deps.pix ?? pixOnFirstUse(),
    pixSandboxPay: undefined as ((txid: string, amount?: number) => Promise<Response>) | undefined,
  };
  const app = new Hono<ApiEnv>().basePath('/api');

  app.use('*', async (c, next) => {
    c.set('deps', full);
    await next();
  });

  const general = full.maxBodyBytes ?? config.maxBodyBytes;
  // No `Connection: close` here: Node's server would destroy the socket as soon as the answer is
  // written, and a client still sending its chunked body would get a reset instead of the 413.
  // Node's parser knows where a chunked body ends, so its unread rest is never taken for a next
  // request: it is read and dropped (refused-body.ts), and the client reads its answer.
  const tooLarge = (c: Context) => {
    lingerOnRefusedBody((c.env as { incoming?: IncomingMessage } | undefined)?.incoming);
    return c.json({ message: 'payload_too_large' }, 413);
  };
  const limits = new Map<number, MiddlewareHandler>();
  // First of all, before any route reads a body (the PSP's webhook and the internal routes too):
  // a body is read up to its limit and no further, declared or chunked.
  app.use('*', (c, next) => {
    // A GET or HEAD reaches the app without a body (@hono/node-server gives it none), and asking
    // bodyLimit to look builds a full fetch Request with its AbortController per read, for nothing.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const max = maxBodyBytesFor(c.req.method, c.req.path, general);
    let limit = limits.get(max);
    if (!limit) {
      limit = bodyLimit({ maxSize: max, onError: tooLarge });
      limits.set(max, limit);
    }
    return limit(c, next);
  });

  // Internal routes are called by our own scripts, not by storefront clients.
  app.route('/internal', internalRoutes);
  // The sandbox PSP speaks the Banco Central's API Pix to the product's own Pix client, not to
  // storefront clients (docs/payments.md 'Pix'); 404 outside the demo.
  const pixSandbox = createPixSandbox({ db: full.db, now: full.now, fetch: deps.pixSandboxFetch });
  app.route('/pix-sandbox', pixSandbox);
  full.pixSandboxPay = async (txid, amount) =>
    pixSandbox.request(`/sandbox/cob/${encodeURIComponent(txid)}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(amount === undefined ? {} : { amount }),
    });
  // The PSP's webhook carries its signature, not the storefront's headers.
  app.route('/', pixWebhookRoutes);
  // Liveness for process managers and the test runner: no client headers needed, no data.
  app.get('/health', (c) => c.json({ ok: true }));
  // The map style is loaded by MapLibre with plain GETs (no API headers): see routes/geo.ts.
  app.route('/', mapStyleRoutes);
  // Open Delivery: called by the establishment's POS with the standard's headers and its bearer token, not ours.
  app.route(OPEN_DELIVERY_BASE, openDeliveryRoutes);

  app.use('*', async (c, next) => {
    // The login and registration forms posted by the browser itself cannot carry these headers;
    // they have their own guard against cross-site posts (routes/auth-forms.ts).
    if (c.req.method === 'POST' && AUTH_FORM_PATHS.has(c.req.path)) return next();
    if (c.req.header('client-type') !== CLIENT_TYPE) throw new ApiError(400, 'invalid_client_type');
    if (c.req.header('api-version') !== API_VERSION) throw new ApiError(400, 'invalid_api_version');
    await next();
  });

  app.route('/', tenancyRoutes);
  app.route('/', catalogueRoutes);
  app.route('/', authRoutes);
  app.route('/', authFormRoutes);
  app.route('/', userRoutes);
  app.route('/', verificationRoutes);
  app.route('/', addressRoutes);
  app.route('/', geoRoutes);
  app.route('/', orderRoutes);
  app.route('/', orderBoardRoutes);
  app.route('/', menuRoutes);
  app.route('/', promotionRoutes);
  app.route('/', openingRoutes);
  app.route('/', slotCapacityRoutes);
  app.route('/', analyticsSettingsRoutes);
  app.route('/', tableRoutes);
  app.route('/', soldOutRoutes);
  app.route('/', cardKeyRoutes);
  app.route('/', cardRoutes);
  app.route('/', pixRoutes);
  app.route('/', feedbackRoutes);
  app.route('/', orderFollowupRoutes);
  app.route('/', staffRoutes);
  app.route('/', openDeliveryCredentialRoutes);

  app.notFound((c) => errorResponse(c, new ApiError(404, 'route_not_found')));
  app.onError((err, c) => {
    if (err instanceof ApiError || err instanceof Refusal) return errorResponse(c, err);
    if (err instanceof SyntaxError) return errorResponse(c, new ApiError(400, 'invalid_json'));
    console.error('[api]', c.req.method, c.req.path, err);
    return errorResponse(c, new ApiError(500, 'internal_error'));
  });
  return app;
}

export type ApiApp = ReturnType<typeof createApi>;
