// The customer's account area in use, against the real server (Mercado Sol Centro, Santos: open
// 24 h, with the offline geocoder's streets): 'Meus endereços' (add with the checkout's map modal,
// edit, the default the checkout then picks by itself, delete after a confirmation), 'Reportar um
// problema' and 'Sugestões' reaching the establishment (read back with `npm run feedback`),
// 'Meus dados' with the photo upload, 'Configurações' (the password), and the encoded-space variant
// of a child route with its query string (the referral screen and the wallet's credits are
// promotions-pages.spec.ts's). Every screen on the phone and the desktop, checked with axe.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { AddressesAnswer } from '../../src/schemas/api-geo.ts';
import { demoOrderPayload } from '../api/helpers/demo-order.ts';
import { API_HEADERS, isMobile, logIn, openCheckoutWith, saveSantosAddress } from './helpers.ts';

// The map draws with software WebGL in headless Chromium: give the address journeys room on a busy machine.
test.describe.configure({ timeout: 60_000 });

const SLUG = 'mercado-sol-centro';
const ACCOUNT = `/${SLUG}/minha-conta`;
const PORT = Number(process.env.E2E_PORT ?? 4399);

/** Serious or critical accessibility problems in the account area (and any dialog open over it). */
async function axeProblems(page: Page, include = '[data-account-area]'): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(include).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function addresses(request: APIRequestContext, token: string) {
  const res = await request.get('/api/users/me/addresses', { headers: { ...API_HEADERS, Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as AddressesAnswer).addresses;
}

/** `npm run feedback` against the e2e server, as the establishment runs it (its key is in the e2e data folder). */
function feedbackCli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['scripts/feedback.ts', 'list', '--establishment', SLUG, '--url', `http://localhost:${PORT}`, ...args], {
    env: { ...process.env, DATA_DIR: join(tmpdir(), `storefront-e2e-${PORT}`), DATABASE_URL: '' },
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

test.describe('Meus endereços', () => {
  test('empty at first; an address added with the map modal is listed with its place and reference; axe clean [R-2.22] [R-1.17] [R-4.34]', async ({
    page,
    context,
    request,
  }, info) => {
    const { token } = await logIn(context, request, SLUG, info, 'Rita Endereços');
    await page.goto(`${ACCOUNT}/enderecos`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meus endereços');
    const book = page.locator('[data-address-book]');
    await expect(book.locator('[data-address-book-empty]')).toContainText('Você ainda não tem endereços salvos.');
    await expect(page.locator('[data-account-menu] [aria-current="page"]')).toHaveText('Meus endereços');
    expect(await axeProblems(page)).toEqual([]);

    // The checkout's own modal: search, the map's point, Continuar, the form, save.
    await book.locator('[data-address-add]').click();
    const modal = page.locator('[data-address-modal]');
    await expect(modal).toHaveAttribute('data-step', 'map');
    await modal.locator('[data-address-search]').fill('Rua Amador Bueno');
    await modal.locator('[data-address-search-submit]').click();
    await modal.locator('[data-address-result]').first().click();
    await modal.locator('[data-address-continue]').click();
    await expect(modal).toHaveAttribute('data-step', 'form');
    const form = modal.locator('[data-address-form]');
    await expect(form.locator('input[name="street"]')).toHaveValue('Rua Amador Bueno');
    await form.locator('input[name="number"]').fill('120');
    await form.locator('input[name="complement"]').fill('Apto 21');
    await form.locator('input[name="ref"]').fill('Em frente à banca');
    await form.locator('[data-address-place="house"]').click();
    await modal.locator('[data-address-save]').click();
    await expect(page.locator('[data-toast="success"]', { hasText: 'Endereço salvo!' })).toBeVisible();
    await expect(modal).toBeHidden();

    const [saved] = await addresses(request, token);
    const entry = book.locator(`[data-address-entry="${saved!._id}"]`);
    await expect(entry.locator('[data-address-line]')).toHaveText('Rua Amador Bueno, 120 - Apto 21 - Centro, Santos/SP');
    await expect(entry).toContainText('Casa');
    await expect(entry).toContainText('Referência: Em frente à banca');
    await expect(entry.locator('[data-place-icon="house"]')).toBeVisible();
    await expect(book.locator('[data-address-book-empty]')).toHaveCount(0);
    expect(await axeProblems(page)).toEqual([]);
  });

  test('edit opens the form with the address and saves it; Tornar padrão marks one default; deleting asks first [R-2.22] [R-7.43] @one-viewport', async ({
    page,
    context,
    request,
  }, info) => {
    const { token } = await logIn(context, request, SLUG, info, 'Rita Endereços');
    const home = await saveSantosAddress(request, token, 'Rua Amador Bueno');
    const work = await saveSantosAddress(request, token, 'Rua do Comércio');
    await page.goto(`${ACCOUNT}/enderecos`);
    const book = page.locator('[data-address-book]');
    const homeEntry = book.locator(`[data-address-entry="${home}"]`);
    const workEntry = book.locator(`[data-address-entry="${work}"]`);
    await expect(homeEntry).toBeVisible();
    await expect(workEntry).toBeVisible();

    // Edit: the form step at once, with what is saved; S/C stays ticked.
    await homeEntry.locator('[data-address-edit]').click();
    const modal = page.locator('[data-address-modal]');
    await expect(modal).toHaveAttribute('data-step', 'form');
    await expect(modal.getByRole('heading', { name: 'Editar endereço' })).toBeVisible();
    const form = modal.locator('[data-address-form]');
    await expect(form.locator('input[name="number"]')).toHaveValue('481');
    await expect(form.locator('[data-address-tick="no_complement"] input')).toBeChecked();
    await expect(form.locator('input[name="ref"]')).toHaveValue('Prédio amarelo');
    expect(await axeProblems(page, '[data-address-modal]')).toEqual([]);
    await form.locator('input[name="number"]').fill('500');
    await form.locator('input[name="ref"]').fill('Portão verde');
    await form.locator('[data-address-place="work"]').click();
    const put = page.waitForResponse((r) => r.url().endsWith(`/api/users/me/addresses/${home}`) && r.request().method() === 'PUT');
    await modal.locator('[data-address-save]').click();
    expect((await put).status()).toBe(200);
    await expect(page.locator('[data-toast="success"]', { hasText: 'Endereço atualizado!' })).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(homeEntry.locator('[data-address-line]')).toHaveText('Rua Amador Bueno, 500 - Centro, Santos/SP');
    await expect(homeEntry).toContainText('Referência: Portão verde');
    await expect(homeEntry).toContainText('Trabalho');
    await expect(homeEntry.locator('[data-address-edit]')).toBeFocused();

    // The default: the first address saved, then one at a time, listed first, kept by the server.
    await expect(book.locator('[data-address-default-badge]')).toHaveCount(1);
    await expect(homeEntry.locator('[data-address-default-badge]')).toHaveText('Padrão');
    await workEntry.locator('[data-address-make-default]').click();
    await expect(page.locator('[data-toast="success"]', { hasText: 'Endereço padrão definido.' })).toBeVisible();
    await expect(workEntry.locator('[data-address-default-badge]')).toHaveText('Padrão');
    await expect(workEntry.locator('[data-address-make-default]')).toHaveCount(0);
    await expect(book.locator('[data-address-entry]').first()).toHaveAttribute('data-address-entry', work);
    await homeEntry.locator('[data-address-make-default]').click();
    await expect(homeEntry.locator('[data-address-default-badge]')).toBeVisible();
    await expect(workEntry.locator('[data-address-default-badge]')).toHaveCount(0);
    expect((await addresses(request, token)).filter((a) => a.is_default).map((a) => a._id)).toEqual([home]);
    await page.reload();
    await expect(homeEntry.locator('[data-address-default-badge]')).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);

    // Delete: Cancelar keeps it; Excluir removes it.
    await workEntry.locator('[data-address-delete]').click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Excluir o endereço Rua do Comércio, 481 - Centro, Santos/SP?');
    expect(await axeProblems(page, '[role="alertdialog"]')).toEqual([]);
    await confirm.locator('[data-confirm-cancel]').click();
    await expect(workEntry).toBeVisible();
    await workEntry.locator('[data-address-delete]').click();
    await page.getByRole('alertdialog').locator('[data-confirm-ok]').click();
    await expect(page.locator('[data-toast="success"]', { hasText: 'Endereço excluído.' })).toBeVisible();
    await expect(workEntry).toHaveCount(0);
    expect((await addresses(request, token)).map((a) => a._id)).toEqual([home]);
  });

  test('an address deleted on another device cannot be made the default: the refusal is said in Portuguese and the list shows what is saved @one-viewport', async ({
    page,
    context,
    request,
  }, info) => {
    const { token } = await logIn(context, request, SLUG, info, 'Rita Endereços');
    // The first address is the default already; the second is the one tapped.
    const kept = await saveSantosAddress(request, token, 'Rua Amador Bueno');
    const gone = await saveSantosAddress(request, token, 'Rua do Comércio');
    await page.goto(`${ACCOUNT}/enderecos`);
    const entry = page.locator(`[data-address-entry="${gone}"]`);
    await expect(entry).toBeVisible();
    const removed = await request.delete(`/api/users/me/addresses/${gone}`, { headers: { ...API_HEADERS, Authorization: `Bearer ${token}` } });
    expect(removed.status()).toBe(204);
    await entry.locator('[data-address-make-default]').click();
    await expect(page.locator('[data-toast="error"]', { hasText: 'Não foi possível definir o endereço padrão. Tente novamente.' })).toBeVisible();
    await expect(entry).toHaveCount(0);
    await expect(page.locator('[data-address-entry]')).toHaveCount(1);
    await expect(page.locator(`[data-address-entry="${kept}"] [data-address-default-badge]`)).toHaveText('Padrão');
  });

  test('the default address set in the account is the one the checkout picks by itself, with its fee [R-2.22] @one-viewport', async ({
    page,
    context,
    request,
  }, info) => {
    const { token } = await logIn(context, request, SLUG, info, 'Rita Endereços');
    // The first address saved is the default until another is chosen.
    await saveSantosAddress(request, token, 'Rua Amador Bueno');
    const work = await saveSantosAddress(request, token, 'Rua do Comércio');
    // Chosen on 'another device': through the API.
    const chosen = await request.put(`/api/users/me/addresses/${work}/default`, { headers: { ...API_HEADERS, Authorization: `Bearer ${token}` } });
    expect(chosen.status()).toBe(200);

    const checkout = await openCheckoutWith(page, SLUG, 'Pão Francês (10 unidades)');
    await checkout.locator('[data-delivery-option="delivery"]').click();
    const item = checkout.locator(`[data-address-item="${work}"]`);
    await expect(item.locator('[data-address-radio]')).toBeChecked();
    await expect(checkout.locator('[data-delivery-fee]')).toHaveText(/R\$\s6,90/);
  });
});

test.describe('Reportar um problema and Sugestões', () => {
  test('a report names what went wrong, one of the recent orders and a message; the rules are said in Portuguese; sent, the form is cleared and the establishment reads it with npm run feedback [R-2.25] [R-1.16] @one-viewport', async ({
    page,
    context,
    request,
    baseURL,
  }, info) => {
    const who = await logIn(context, request, SLUG, info, 'Clara Relato');
    const placed = await request.post(`/api/establishments/${who.establishmentId}/orders`, {
      headers: { ...API_HEADERS, Authorization: `Bearer ${who.token}`, 'Idempotent-Key': crypto.randomUUID() },
      data: await demoOrderPayload(baseURL!, who.establishmentId),
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as { _id: string; order: { order: number } };

    await page.goto(`${ACCOUNT}/reportar`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reportar um problema');
    const form = page.locator('form[data-feedback-form="report"]');
    const orderSelect = form.getByLabel('Qual pedido? (opcional)');
    await expect(orderSelect).toBeEnabled();
    await expect(orderSelect.locator('option')).toHaveText([
      'Não é sobre um pedido',
      new RegExp(`^Pedido nº ${order.order.order} - \\d{2}/\\d{2}/\\d{4} - R\\$\\s[\\d.]+,\\d{2}$`),
    ]);
    expect(await axeProblems(page)).toEqual([]);

    // Nothing chosen, nothing written: both problems at once.
    await form.getByRole('button', { name: 'Enviar relato' }).click();
    await expect(form.locator('[data-field-error="topic"]')).toHaveText('Escolha o que aconteceu.');
    await expect(form.locator('[data-field-error="message"]')).toHaveText('Escreva sua mensagem.');
    await expect(form.getByLabel('O que aconteceu?')).toBeFocused();
    expect(await axeProblems(page)).toEqual([]);
    await form.getByLabel('O que aconteceu?').selectOption({ label: 'Item errado ou faltando' });
    await form.getByLabel('Descreva o problema').fill('Faltou');
    await form.getByRole('button', { name: 'Enviar relato' }).click();
    await expect(form.locator('[data-field-error="message"]')).toHaveText('Escreva pelo menos 10 caracteres.');
    await form.getByLabel('Descreva o problema').fill('x'.repeat(1001));
    await form.getByRole('button', { name: 'Enviar relato' }).click();
    await expect(form.locator('[data-field-error="message"]')).toHaveText('Escreva no máximo 1000 caracteres.');

    await orderSelect.selectOption(order._id);
    await form.getByLabel('Descreva o problema').fill('Faltou o pão de queijo que eu pedi.');
    await expect(form.locator('[data-field="message"]')).toContainText('35 de 1000 caracteres');
    const sent = page.waitForResponse((r) => r.url().endsWith('/problem-reports') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Enviar relato' }).click();
    expect((await sent).status()).toBe(201);
    await expect(form.locator('[data-feedback-sent]')).toHaveText('Recebemos seu relato. Obrigado por nos avisar!');
    await expect(form.getByLabel('O que aconteceu?')).toHaveValue('');
    await expect(orderSelect).toHaveValue('');
    await expect(form.getByLabel('Descreva o problema')).toHaveValue('');
    expect(await axeProblems(page)).toEqual([]);

    // The establishment's side: the command line, with its API key.
    const listed = feedbackCli('--kind', 'report');
    expect(listed.stderr).toBe('');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(
        `\\[Problema\\] [\\d/: ]+ — Clara Relato, \\(11\\) 98\\d{3}-\\d{4}, ${who.customer.email.replace('.', '\\.')}\\nAssunto: Item errado ou faltando · Pedido nº ${order.order.order}\\n {2}Faltou o pão de queijo que eu pedi\\.`,
      ),
    );
  });

  test('a suggestion is a message; sent, the form is cleared and says so; the establishment reads it [R-2.26] [R-1.16] @one-viewport', async ({
    page,
    context,
    request,
  }, info) => {
    const who = await logIn(context, request, SLUG, info, 'Bruno Sugestão');
    await page.goto(`${ACCOUNT}/sugestoes`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sugestões');
    const form = page.locator('form[data-feedback-form="suggestion"]');
    await expect(form.locator('select')).toHaveCount(0);
    expect(await axeProblems(page)).toEqual([]);
    await form.getByLabel('Sua sugestão').fill('   pão   ');
    await form.getByRole('button', { name: 'Enviar sugestão' }).click();
    await expect(form.locator('[data-field-error="message"]')).toHaveText('Escreva pelo menos 10 caracteres.');
    await expect(form.getByLabel('Sua sugestão')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeProblems(page)).toEqual([]);
    const text = `Vendam pão integral sem açúcar, por favor (${who.customer.email}).`;
    await form.getByLabel('Sua sugestão').fill(text);
    await expect(form.locator('[data-field-error="message"]')).toHaveCount(0);
    await form.getByRole('button', { name: 'Enviar sugestão' }).click();
    await expect(form.locator('[data-feedback-sent]')).toHaveText('Sugestão enviada. Obrigado pela ideia!');
    await expect(form.getByLabel('Sua sugestão')).toHaveValue('');
    // Typing again starts a new message.
    await form.getByLabel('Sua sugestão').fill('Outra');
    await expect(form.locator('[data-feedback-sent]')).toHaveCount(0);

    const listed = feedbackCli('--kind', 'suggestion');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain(`— Bruno Sugestão, `);
    expect(listed.stdout).toContain(`  ${text}`);
  });
});

test.describe('Meus dados, the photo and Configurações', () => {
  test('the data are edited and saved, a reload shows them; an uploaded photo shows in the form and the header; refused files are explained in Portuguese [R-1.30] [R-8.62]', async ({
    page,
    context,
    request,
  }, info) => {
    await logIn(context, request, SLUG, info, 'Lia Foto Perfil');
    await page.goto(ACCOUNT);
    const form = page.locator('form[data-profile-form]');
    await expect(form.getByLabel('Nome')).toHaveValue('Lia Foto Perfil');
    await expect(page.locator('[data-account-area][data-hydrated]')).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);

    await form.getByLabel('Nome').fill('Lia Fotografada');
    await form.getByLabel('Data de nascimento').fill('02/09/1988');
    await form.getByLabel('Gênero').selectOption('not_informed');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.locator('[data-toast="success"]', { hasText: 'Dados salvos!' })).toBeVisible();
    await page.reload();
    await expect(form.getByLabel('Nome')).toHaveValue('Lia Fotografada');
    await expect(form.getByLabel('Data de nascimento')).toHaveValue('02/09/1988');
    await expect(form.getByLabel('Gênero')).toHaveValue('not_informed');

    // A real picture: a 600 x 400 PNG.
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer();
    const input = form.locator('input[data-photo-input]');
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/users/me/photo'));
    await input.setInputFiles({ name: 'eu.png', mimeType: 'image/png', buffer: png });
    expect((await uploaded).status()).toBe(200);
    await expect(page.locator('[data-toast="success"]', { hasText: 'Foto atualizada!' })).toBeVisible();
    const photo = form.locator('[data-profile-photo] img');
    await expect(photo).toHaveAttribute('src', /\/uploads\/users\/[^/]+\/[^/]+-512\.webp$/);
    // The header's avatar is the photo too, now and after a reload (the server's user).
    const avatar = page.locator('[data-user-avatar="photo"] img').first();
    await expect(avatar).toHaveAttribute('src', /\/uploads\/users\/.+\.webp$/);
    await page.reload();
    await expect(page.locator('[data-user-avatar="photo"] img').first()).toHaveAttribute('src', /\/uploads\/users\/.+\.webp$/);
    const src = (await page.locator('[data-user-avatar="photo"] img').first().getAttribute('src'))!;
    const served = await request.get(src);
    expect([served.status(), served.headers()['content-type']]).toEqual([200, 'image/webp']);
    if (!isMobile(page))
      await expect
        .poll(() =>
          page
            .locator('[data-user-avatar="photo"] img')
            .first()
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);

    // Refused files: too large, not an image, a GIF, a file that only claims to be a PNG (the server decides by its content).
    const tooBig = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    png.copy(tooBig);
    const refusals: { file: { name: string; mimeType: string; buffer: Buffer }; text: string }[] = [
      { file: { name: 'grande.png', mimeType: 'image/png', buffer: tooBig }, text: 'A foto deve ter no máximo 5 MB.' },
      { file: { name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('não sou uma foto') }, text: 'Escolha uma imagem (JPG, PNG ou WebP).' },
      {
        file: { name: 'animada.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a\u0001\u0000\u0001\u0000') },
        text: 'Escolha uma imagem (JPG, PNG ou WebP).',
      },
      {
        file: { name: 'falsa.png', mimeType: 'image/png', buffer: Buffer.from('isto não é um PNG de verdade') },
        text: 'Escolha uma imagem (JPG, PNG ou WebP).',
      },
    ];
    const before = await photo.getAttribute('src');
    for (const { file, text } of refusals) {
      await form.locator('input[data-photo-input]').setInputFiles(file);
      const toast = page.locator('[data-toast="error"]', { hasText: text });
      await expect(toast, file.name).toBeVisible();
      // The photo shown is still the saved one.
      await expect(photo).toHaveAttribute('src', before!);
      await toast.evaluate((el) => el.remove());
    }
    expect(await axeProblems(page)).toEqual([]);
  });

  test('Configurações changes the password with the current one, checked first; the new one logs in and the other sessions end [R-5.94] [R-5.95] @one-viewport', async ({
    page,
    context,
    request,
  }, info) => {
    const who = await logIn(context, request, SLUG, info, 'Davi Senha Nova');
    // Another device of the same customer.
    const elsewhere = await request.post('/api/auth/login', {
      headers: API_HEADERS,
      data: { establishment_id: who.establishmentId, login: who.customer.email, password: who.customer.password },
    });
    expect(elsewhere.status()).toBe(200);
    const otherToken = elsewhere
      .headersArray()
      .find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith(`sid_${who.establishmentId}=`))!
      .value.split(';')[0]!
      .split('=')[1]!;
    const meWith = (token: string) => request.get('/api/users/me', { headers: { ...API_HEADERS, Authorization: `Bearer ${token}` } });
    expect((await meWith(otherToken)).status()).toBe(200);

    await page.goto(`${ACCOUNT}/configuracoes`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configurações');
    const form = page.locator('form[data-password-form]');
    await expect(page.locator('[data-coming-soon]')).toHaveCount(0);
    expect(await axeProblems(page)).toEqual([]);
    await form.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(form.locator('[data-field-error="current_password"]')).toHaveText('Informe sua senha.');
    await expect(form.locator('[data-field-error="password"]')).toHaveText('A senha deve ter de 4 a 10 caracteres.');
    await form.getByLabel('Senha atual').fill('errada');
    await form.getByLabel('Nova senha', { exact: true }).fill('abcd');
    await form.getByLabel('Confirmação da nova senha').fill('abce');
    await form.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(form.locator('[data-field-error="password_confirmation"]')).toHaveText('A senha e a confirmação não conferem.');
    expect(await axeProblems(page)).toEqual([]);
    await form.getByLabel('Confirmação da nova senha').fill('abcd');
    // A wrong current password is said under its field, in Portuguese, and changes nothing.
    await form.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(form.locator('[data-field-error="current_password"]')).toHaveText('Senha incorreta.');
    await expect(form.getByLabel('Senha atual')).toBeFocused();
    expect(await axeProblems(page)).toEqual([]);
    expect((await meWith(otherToken)).status()).toBe(200);

    await form.getByLabel('Senha atual').fill(who.customer.password);
    await form.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(page.locator('[data-toast="success"]', { hasText: 'Senha alterada!' })).toBeVisible();
    await expect(form.getByLabel('Nova senha', { exact: true })).toHaveValue('');
    await expect(form.getByLabel('Senha atual')).toHaveValue('');
    const login = await request.post('/api/auth/login', {
      headers: API_HEADERS,
      data: { establishment_id: who.establishmentId, login: who.customer.email, password: 'abcd' },
    });
    expect(login.status()).toBe(200);
    // The other device is logged out; this one stays.
    expect((await meWith(otherToken)).status()).toBe(401);
    await page.reload();
    await expect(form).toBeVisible();
  });
});

test('the encoded-space variant of a child route keeps its query string [R-2.28] @one-viewport', async ({ page, request }) => {
  const spaced = await request.get(`/${SLUG}/%20minha-conta/reportar?aba=cadastro&voltar=%2F${SLUG}%2F`, { maxRedirects: 0 });
  expect(spaced.status()).toBe(301);
  expect(spaced.headers().location).toBe(`/${SLUG}/minha-conta/reportar?aba=cadastro&voltar=%2F${SLUG}%2F`);
  // A visitor following it lands on the child route with the registration tab the query asks for.
  await page.goto(`/${SLUG}/%20minha-conta/reportar?aba=cadastro`);
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/minha-conta/reportar\\?aba=cadastro$`));
  await expect(page.getByRole('tab', { name: 'Criar conta' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('form[data-register-form]')).toBeVisible();
});
