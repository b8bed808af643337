// The establishment's panel against the real server (docs/api.md 'Staff'): the demo's owner logs
// in at the establishment's own address, invites someone by e-mail from 'Equipe', the invitation is
// read from the development outbox, the invitee accepts it, logs in with the keyboard and sees the
// panel without 'Equipe'; a wrong password is refused in Portuguese. Axe on each page. Each project
// works on an establishment of its own, so their logins and limits never meet.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.ts';
import { outboxMessages } from './helpers.ts';

const slugOf = (project: string) => (project === 'mobile' ? 'mercado-sol-norte' : 'pizzaria-bella');

async function axeProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the owner invites by e-mail; the invitee accepts from the outbox, logs in as staff and sees no Equipe', async ({ page, request }, testInfo) => {
  // Three pages, each run through axe, and a log in hashed twice: past 30 s on a loaded machine.
  test.setTimeout(90_000);
  const slug = slugOf(testInfo.project.name);
  const invitee = `convidada.${testInfo.project.name}.${Date.now().toString(36)}@example.com`;

  await page.goto(`/${slug}/painel/entrar`);
  await expect(page.getByRole('heading', { name: 'Painel do estabelecimento' })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await page.getByLabel('E-mail').fill(`dono@${slug}.demo`);
  await page.getByLabel('Senha').fill('painel-dono');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/painel$`));
  await expect(page.locator('[data-staff-who]')).toHaveText('Você entrou como Dono da Loja (dono)');
  await expect(page.locator('[data-order-board]')).toBeVisible();
  await page.getByRole('tab', { name: 'Equipe' }).click();
  const team = page.getByRole('region', { name: 'Equipe' });
  await expect(team).toBeVisible();
  await expect(team.locator(`[data-staff-member="equipe@${slug}.demo"]`)).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);

  await team.getByLabel('E-mail da pessoa').fill(invitee);
  await team.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(team.getByRole('status')).toHaveText(`Convite enviado para ${invitee}.`);

  const mail = (await outboxMessages(request)).find((m) => m.channel === 'email' && m.recipient === invitee);
  expect(mail?.text).toContain('Convite para a equipe de');
  const link = mail?.text.match(/https?:\/\/\S+\/painel\/convite\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(link).toBeTruthy();

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/painel/entrar$`));

  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { name: 'Aceitar convite' })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await page.getByLabel('Seu nome').fill('Carla Cozinha');
  await page.getByLabel('Crie uma senha').fill('carla-senha-1');
  await page.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(page.getByText('Pronto! Sua conta da equipe foi criada.')).toBeVisible();
  await page.getByRole('link', { name: 'Entrar no painel' }).click();

  // The e-mail comes filled in; the rest with the keyboard.
  await expect(page.getByLabel('E-mail')).toHaveValue(invitee);
  await page.getByLabel('E-mail').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Senha')).toBeFocused();
  await page.keyboard.type('carla-senha-1');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${slug}/painel$`));
  await expect(page.locator('[data-staff-who]')).toHaveText('Você entrou como Carla Cozinha (equipe)');
  await expect(page.locator('[data-order-board]')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Equipe' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Equipe' })).toHaveCount(0);
  await expect(page.locator('[data-staff-team]')).toHaveCount(0);
});

test('a wrong password is refused in Portuguese, and the panel without a session goes to the log in', async ({ page }, testInfo) => {
  const slug = slugOf(testInfo.project.name);
  await page.goto(`/${slug}/painel`);
  await expect(page).toHaveURL(new RegExp(`/${slug}/painel/entrar$`));
  await page.getByLabel('E-mail').fill(`equipe@${slug}.demo`);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Informe a senha.')).toBeVisible();
  await page.getByLabel('Senha').fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail ou senha incorretos.');
  await expect(page).toHaveURL(new RegExp(`/${slug}/painel/entrar$`));
});
