// Whether this server may start as configured. The demo (VITRINE_MODE=demo) runs on its sandboxes
// and outboxes, on loopback unless DEMO_PUBLIC=1. Anything else is production, which must name a
// real provider for everything an active establishment has switched on, and the secrets every
// process of a deployment must share: otherwise the server refuses to start and names each missing
// piece, instead of taking a sandbox's test card or writing customers' codes to an outbox page.
import type { Config } from './config.ts';

/** What the active establishments have switched on (src/server/db/catalogue-repo.ts activeEstablishmentPaymentSwitches). */
export interface EstablishmentSwitches {
  slug: string;
  /** has_online_payment: cards, which also need verified phones (SMS) and e-mails [R-4.28]. */
  cards: boolean;
  /** has_pix_payment. */
  pix: boolean;
}

/** A problem that stops the start, in the operator's words: what is missing and who needs it. */
export type DeploymentProblem = string;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', 'ip6-localhost']);

function who(slugs: string[]): string {
  return slugs.length > 3 ? `${slugs.slice(0, 3).join(', ')} and ${slugs.length - 3} more` : slugs.join(', ');
}

/** Every reason this configuration may not start the server; empty when it may. */
export function deploymentProblems(cfg: Config, switches: readonly EstablishmentSwitches[], secrets: { oneTimeCode: string }): DeploymentProblem[] {
  const problems: DeploymentProblem[] = [];
  if (cfg.demo) {
    if (!LOOPBACK_HOSTS.has(cfg.host) && !cfg.demoPublic)
      problems.push(
        `HOST=${cfg.host}: the demo listens on loopback only (its outbox page shows customers' codes and its sandboxes take any payment); set DEMO_PUBLIC=1 to expose it on purpose`,
      );
    return problems;
  }
  const cards = switches.filter((s) => s.cards).map((s) => s.slug);
  const pix = switches.filter((s) => s.pix).map((s) => s.slug);
  const contacts = cards;

  if (!cfg.internalToken) problems.push('INTERNAL_TOKEN: the secret every process shares for page re-rendering (at least 32 characters)');
  else if (cfg.internalToken.length < 32) problems.push('INTERNAL_TOKEN: at least 32 characters');
  if (!/^https:\/\//.test(cfg.publicOrigin)) problems.push(`PUBLIC_ORIGIN=${cfg.publicOrigin}: production is served over https (https://…)`);

  const gateway = cfg.payments.gateway;
  if (gateway === 'sandbox') problems.push('PAYMENT_GATEWAY=sandbox: the sandbox acquirer exists only in the demo (VITRINE_MODE=demo)');
  else if (gateway === 'mercadopago') {
    if (!cfg.payments.mercadoPago.accessToken) problems.push('MERCADOPAGO_ACCESS_TOKEN: PAYMENT_GATEWAY=mercadopago needs its access token');
  } else if (gateway !== '') problems.push(`PAYMENT_GATEWAY=${gateway}: use 'mercadopago'`);
  else if (cards.length) problems.push(`PAYMENT_GATEWAY=mercadopago and MERCADOPAGO_ACCESS_TOKEN: online card payment is on at ${who(cards)}`);
  if (cards.length && !cfg.sealedBoxSecretKey)
    problems.push(`SEALED_BOX_SECRET_KEY: the key card data is sealed to, shared by every process (online card payment is on at ${who(cards)})`);

  const p = cfg.pix;
  if (p.psp === 'sandbox') problems.push('PIX_PSP=sandbox: the sandbox PSP exists only in the demo (VITRINE_MODE=demo)');
  else if (p.psp === 'api' || pix.length) {
    const missing = [
      ['PIX_PSP=api', p.psp === 'api'],
      ['PIX_PSP_URL', p.apiUrl],
      ['PIX_CLIENT_ID', p.clientId],
      ['PIX_CLIENT_SECRET', p.clientSecret],
      ['PIX_KEY', p.key],
      ['PIX_WEBHOOK_SECRET', p.webhookSecret],
    ]
      .filter(([, value]) => !value)
      .map(([name]) => name);
    if (missing.length) problems.push(`${missing.join(', ')}: ${pix.length ? `Pix is on at ${who(pix)}` : 'PIX_PSP=api needs them'}`);
    else if (p.psp !== 'api') problems.push(`PIX_PSP=${p.psp}: use 'api'`);
  }

  if (contacts.length) {
    const why = `verified phones and e-mails are needed for online card payment, on at ${who(contacts)}`;
    if (!cfg.sms.zenviaToken || !cfg.sms.zenviaFrom) problems.push(`ZENVIA_API_TOKEN and ZENVIA_SMS_FROM: ${why}`);
    if (!cfg.email.smtpUrl) problems.push(`SMTP_URL (and SMTP_FROM): ${why}`);
    if (!secrets.oneTimeCode) problems.push(`ONE_TIME_CODE_SECRET: the key the verification codes are kept under, shared by every process (${why})`);
  }
  return problems;
}

/** Thrown by startServer when deploymentProblems is not empty; main.ts prints each and exits 1. */
export class DeploymentRefused extends Error {
  readonly problems: readonly DeploymentProblem[];
  constructor(problems: readonly DeploymentProblem[]) {
    super(`The server cannot start in this configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'DeploymentRefused';
    this.problems = problems;
  }
}
