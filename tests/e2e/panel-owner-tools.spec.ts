// The owner's tools of the panel at tablet size (docs/panel.md 'The other tabs'): 'Open Delivery'
// creates a credential for the POS, shows its client ID and secret once with 'Copiar' and the
// warning, the POS gets a token with them, and once revoked (after a confirmation) it gets none;
// 'Equipe' lists an invitation not yet accepted with its e-mail, role and expiry, and cancels it,
// after which its link is refused. Keyboard throughout, axe on each screen and dialog.
import { expect, test } from './fixtures.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { createStaffMember } from '../../src/server/services/staff.ts';
import { API_HEADERS, importCatalogue, outboxMessages, storeId } from './helpers.ts';
import { groceryCatalogue } from './live-helpers.ts';
import { TABLET, axeProblems, e2eDatabaseFile } from './panel-helpers.ts';

test('the owner creates an Open Delivery credential shown once, revokes it, and cancels a pending invitation whose link is then refused @one-viewport', async ({
  browser,
  page,
  request,
}, info) => {
  // Four axe runs and two log ins (hashed): well past 30 s on a loaded machine.
  test.setTimeout(120_000);
  // A shop of its own per run, so a retry starts with no credential and no invitation.
  const slug = `quitanda-painel-dono-${Date.now().toString(36)}`;
  await importCatalogue(groceryCatalogue(slug, 600));
  const establishmentId = await storeId(request, slug);
  const owner = { email: 'dona@quitanda-painel.example', password: 'quitanda-dona-1' };
  const { db } = await openDatabase({ databaseUrl: '', sqliteFile: e2eDatabaseFile });
  try {
    // The establishment's first owner, made as the seed makes one: nobody is there to invite them.
    await createStaffMember(db, { establishmentId, email: owner.email, name: 'Dona Quitanda', role: 'owner', password: owner.password }, new Date());
  } finally {
    await db.destroy();
  }
  const ownerCtx = await browser.newContext({ baseURL: info.project.use.baseURL, viewport: TABLET, permissions: ['clipboard-read', 'clipboard-write'] });
  const login = await ownerCtx.request.post('/api/staff/login', { headers: API_HEADERS, data: { establishment_id: establishmentId, ...owner } });
  expect(login.status(), await login.text()).toBe(200);
  const panel = await ownerCtx.newPage();
  const token = (clientId: string, secret: string) =>
    request.post('/api/open-delivery/oauth/token', { form: { client_id: clientId, client_secret: secret, grant_type: 'client_credentials' } });

  // Open Delivery: none yet; one created with the keyboard.
  await panel.goto(`/${slug}/painel#open-delivery`);
  await expect(panel.getByRole('tab')).toHaveText(['Pedidos', 'Loja', 'Cardápio', 'Mesas', 'Cupons', 'Clientes', 'Open Delivery', 'Equipe']);
  const section = panel.getByRole('region', { name: 'Credenciais Open Delivery' });
  await expect(section.getByText('Nenhuma credencial criada.')).toBeVisible();
  expect(await axeProblems(panel)).toEqual([]);
  await section.getByRole('button', { name: 'Criar credencial' }).focus();
  await panel.keyboard.press('Enter');

  const dialog = panel.getByRole('dialog', { name: 'Credencial criada' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-od-warning]')).toHaveText(
    'Copie o segredo agora: ele não será mostrado de novo. Se perdê-lo, revogue esta credencial e crie outra.',
  );
  const copySecret = dialog.getByRole('button', { name: 'Copiar Segredo (client secret)' });
  await expect(copySecret).toBeFocused();
  const clientId = await dialog.getByRole('textbox', { name: 'Client ID' }).inputValue();
  const secret = await dialog.getByRole('textbox', { name: 'Segredo (client secret)' }).inputValue();
  expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await axeProblems(panel, '[data-od-created]')).toEqual([]);
  await panel.keyboard.press('Enter');
  await expect(panel.locator('[data-toast]').filter({ hasText: 'Segredo (client secret) copiado.' })).toBeVisible();
  expect(await panel.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  expect((await token(clientId, secret)).status()).toBe(200);

  // Closed, the secret is gone from the page; the credential is listed as working.
  await dialog.getByRole('button', { name: 'Já guardei o segredo' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.locator('body')).not.toContainText(secret);
  const row = section.locator(`[data-od-credential="${clientId}"]`);
  await expect(row).toContainText(/Criada em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · Ativa/);

  // Revoked after a confirmation: its POS gets no more tokens.
  await row.getByRole('button', { name: `Revogar a credencial ${clientId}` }).click();
  const confirm = panel.getByRole('alertdialog');
  await expect(confirm).toContainText('O PDV que a usa deixa de receber pedidos na hora.');
  expect(await axeProblems(panel, '[data-cart-confirm]')).toEqual([]);
  await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await panel.keyboard.press('Tab');
  await panel.keyboard.press('Enter');
  await expect(section.locator('[data-od-status]')).toHaveText(`Credencial ${clientId} revogada.`);
  await expect(row).toContainText(/Revogada em \d{2}\/\d{2}\/\d{4}/);
  await expect(row.getByRole('button', { name: /Revogar/ })).toHaveCount(0);
  expect((await token(clientId, secret)).status()).toBe(401);

  // Equipe, with the arrow key: an invitation sent is listed pending with its role and expiry.
  await panel.getByRole('tab', { name: 'Open Delivery' }).focus();
  await panel.keyboard.press('ArrowRight');
  await expect(panel.getByRole('tab', { name: 'Equipe' })).toHaveAttribute('aria-selected', 'true');
  const team = panel.getByRole('region', { name: 'Equipe' });
  const invitee = `convidado.${Date.now().toString(36)}@quitanda-painel.example`;
  await team.getByLabel('E-mail da pessoa').fill(invitee);
  await team.getByLabel('E-mail da pessoa').press('Enter');
  await expect(team.locator('[data-staff-team-status]')).toHaveText(`Convite enviado para ${invitee}.`);
  const invitation = team.locator(`[data-staff-invitation="${invitee}"]`);
  await expect(invitation).toContainText(/equipe · vale até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  expect(await axeProblems(panel)).toEqual([]);

  // Cancelled: gone from the list, and its link is refused.
  await invitation.getByRole('button', { name: `Cancelar o convite de ${invitee}` }).click();
  await panel.getByRole('alertdialog').getByRole('button', { name: 'Cancelar convite' }).click();
  await expect(team.locator('[data-staff-team-status]')).toHaveText(`Convite de ${invitee} cancelado.`);
  await expect(invitation).toHaveCount(0);
  await expect(team.getByText('Nenhum convite pendente.')).toBeVisible();
  await ownerCtx.close();

  const link = (await outboxMessages(request))
    .find((m) => m.channel === 'email' && m.recipient === invitee)
    ?.text.match(/\/[^\s/]+\/painel\/convite\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  // The form is the island's: sent before it is hydrated, the browser would post it to the page itself.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByLabel('Seu nome').fill('Davi Entregas');
  await page.getByLabel('Crie uma senha').fill('davi-senha-1');
  await page.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(page.getByRole('alert')).toHaveText('Este convite não vale mais: já foi usado, expirou ou é de outra loja.');
});
