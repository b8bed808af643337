// Whether a configuration may start the server (src/server/deployment.ts): the demo only on
// loopback unless exposed on purpose; production only with a real provider for everything an
// active establishment has switched on, and the shared secrets, each missing piece named.
import { describe, expect, it } from 'vitest';
import { config, type Config } from '../../src/server/config.ts';
import { deploymentProblems, type EstablishmentSwitches } from '../../src/server/deployment.ts';

function cfg(over: Partial<Config> & { env?: 'demo' | 'production' } = {}): Config {
  const mode = over.env ?? 'production';
  const base = structuredClone(config) as Config;
  return {
    ...base,
    mode,
    demo: mode === 'demo',
    production: mode === 'production',
    host: 'localhost',
    demoPublic: false,
    internalToken: '',
    publicOrigin: 'https://loja.example.com',
    sealedBoxSecretKey: '',
    payments: { ...base.payments, gateway: '', mercadoPago: { ...base.payments.mercadoPago, accessToken: '' } },
    pix: { ...base.pix, psp: '', apiUrl: '', clientId: '', clientSecret: '', key: '', webhookSecret: '' },
    sms: { ...base.sms, zenviaToken: '', zenviaFrom: '' },
    email: { ...base.email, smtpUrl: '' },
    ...over,
  };
}

const none: EstablishmentSwitches[] = [{ slug: 'padaria', cards: false, pix: false }];
const both: EstablishmentSwitches[] = [
  { slug: 'pizzaria-bella', cards: true, pix: true },
  { slug: 'padaria', cards: false, pix: false },
];
const TOKEN = 'x'.repeat(40);
const complete = (): Partial<Config> => {
  const base = cfg();
  return {
    internalToken: TOKEN,
    sealedBoxSecretKey: 'k'.repeat(43),
    payments: { ...base.payments, gateway: 'mercadopago', mercadoPago: { ...base.payments.mercadoPago, accessToken: 'APP_USR-1' } },
    pix: { ...base.pix, psp: 'api', apiUrl: 'https://psp.example.com/v2', clientId: 'id', clientSecret: 's', key: 'chave', webhookSecret: 'w'.repeat(32) },
    sms: { ...base.sms, zenviaToken: 't', zenviaFrom: 'loja' },
    email: { ...base.email, smtpUrl: 'smtps://u:p@smtp.example.com' },
  };
};

describe('deploymentProblems: production', () => {
  it('with nothing set, names every piece the switched-on establishments need', () => {
    const problems = deploymentProblems(cfg(), both, { oneTimeCode: '' }).join('\n');
    for (const name of [
      'INTERNAL_TOKEN',
      'PAYMENT_GATEWAY=mercadopago and MERCADOPAGO_ACCESS_TOKEN',
      'SEALED_BOX_SECRET_KEY',
      'PIX_PSP=api',
      'PIX_PSP_URL',
      'PIX_CLIENT_ID',
      'PIX_CLIENT_SECRET',
      'PIX_KEY',
      'PIX_WEBHOOK_SECRET',
      'ZENVIA_API_TOKEN',
      'SMTP_URL',
      'ONE_TIME_CODE_SECRET',
    ])
      expect(problems).toContain(name);
    expect(problems).toContain('pizzaria-bella');
    expect(problems).not.toContain('padaria');
  });

  it('needs only the internal token and an https origin when no establishment takes cards or Pix', () => {
    expect(deploymentProblems(cfg(), none, { oneTimeCode: '' })).toEqual([expect.stringContaining('INTERNAL_TOKEN')]);
    expect(deploymentProblems(cfg({ internalToken: TOKEN }), none, { oneTimeCode: '' })).toEqual([]);
    expect(deploymentProblems(cfg({ internalToken: 'short' }), none, { oneTimeCode: '' })).toEqual([expect.stringContaining('32 characters')]);
    expect(deploymentProblems(cfg({ internalToken: TOKEN, publicOrigin: 'http://loja.example.com' }), none, { oneTimeCode: '' })).toEqual([
      expect.stringContaining('https'),
    ]);
  });

  it('refuses the sandboxes, chosen or not, outside the demo', () => {
    const base = cfg({ ...complete() });
    const sandboxes = cfg({ ...complete(), payments: { ...base.payments, gateway: 'sandbox' }, pix: { ...base.pix, psp: 'sandbox' } });
    const problems = deploymentProblems(sandboxes, none, { oneTimeCode: 'c' });
    expect(problems).toEqual([expect.stringContaining('PAYMENT_GATEWAY=sandbox'), expect.stringContaining('PIX_PSP=sandbox')]);
  });

  it('starts with everything configured', () => {
    expect(deploymentProblems(cfg(complete()), both, { oneTimeCode: 'c'.repeat(43) })).toEqual([]);
  });
});

describe('deploymentProblems: the demo', () => {
  it('runs on its sandboxes with nothing configured, on loopback', () => {
    expect(deploymentProblems(cfg({ env: 'demo', publicOrigin: 'http://localhost:4321' }), both, { oneTimeCode: '' })).toEqual([]);
  });

  it('refuses another interface unless DEMO_PUBLIC=1 says it is on purpose', () => {
    expect(deploymentProblems(cfg({ env: 'demo', host: '0.0.0.0' }), both, { oneTimeCode: '' })).toEqual([expect.stringContaining('DEMO_PUBLIC=1')]);
    expect(deploymentProblems(cfg({ env: 'demo', host: '0.0.0.0', demoPublic: true }), both, { oneTimeCode: '' })).toEqual([]);
  });
});
