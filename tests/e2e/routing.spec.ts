// Host and slug resolution, the picker, invalid slugs and the not-found page, in a real browser.
import { expect, test } from './fixtures.ts';

const port = Number(process.env.E2E_PORT ?? 4399);

test('an unknown establishment slug goes to invalid-slug, which answers 404 (no soft 404 for search engines) with its message and a way on [R-2.8] [R-2.35]', async ({
  page,
  request,
}) => {
  const redirect = await request.get('/loja-que-nao-existe/', { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers().location).toBe('/invalid-slug');
  const direct = await request.get('/invalid-slug');
  expect(direct.status()).toBe(404);
  expect(direct.headers()['cache-control']).toBe('no-store');

  const response = await page.goto('/loja-que-nao-existe/');
  await expect(page).toHaveURL(/\/invalid-slug$/);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Loja não encontrada');
  await expect(page.getByText('Não encontramos uma loja neste endereço.')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const pick = page.getByRole('link', { name: 'Escolher uma unidade' });
  await expect(pick).toBeVisible();
  await pick.click();
  await expect(page).toHaveURL(/\/selecione$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Escolha uma unidade');
});

test('the custom domain of a company with several establishments goes to selecione [R-2.36] [R-2.6] [R-2.7]', async ({ page }) => {
  await page.goto(`http://mercadosol.localhost:${port}/`);
  await expect(page).toHaveURL(new RegExp(`mercadosol\\.localhost:${port}/selecione$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Escolha uma unidade');
  // Only Mercado Sol's establishments are offered on its own domain, and the empty layout has no store top bar.
  await expect(page.getByRole('link', { name: /Mercado Sol — Centro/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Mercado Sol — Praia/ })).toBeVisible();
  await expect(page.locator('[data-picker-item]')).toHaveCount(3);
  await expect(page.getByRole('link', { name: /Pizzaria Bella/ })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Buscar produtos' })).toHaveCount(0);
  await page.getByRole('link', { name: /Mercado Sol — Centro/ }).click();
  await expect(page).toHaveURL(new RegExp(`mercadosol\\.localhost:${port}/mercado-sol-centro/?$`));
  await expect(page.getByRole('heading', { level: 1 }).first()).toContainText('Mercado Sol');
});

test('the product host root offers every establishment [R-2.6]', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/selecione$/);
  await expect(page.getByRole('link', { name: /Pizzaria Bella/ })).toBeVisible();
  // Every demo establishment (other tests may import more tenants while the server runs).
  for (const slug of ['pizzaria-bella', 'mercado-sol-centro', 'mercado-sol-praia', 'mercado-sol-norte']) {
    await expect(page.locator(`[data-picker-item="${slug}"]`)).toBeVisible();
  }
});

test('a missing page shows the not-found page with its title, a way home and a looping video [R-2.31] [R-2.32] [R-2.33]', async ({ page }) => {
  const response = await page.goto('/pizzaria-bella/nao-existe/de-jeito-nenhum');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Página não encontrada');
  const video = page.locator('video');
  await expect(video).toHaveAttribute('loop', '');
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop)).toBe(true);
  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await expect(page).toHaveURL(/\/pizzaria-bella\/?$/);
});

test('the generic error page explains and offers a way back [R-2.9]', async ({ page }) => {
  await page.goto('/error');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Algo deu errado');
});

test('the pedidos and meu-pedido routes lead to the account order list [R-2.12] [R-2.13]', async ({ page }) => {
  for (const path of ['/pizzaria-bella/pedidos', '/pizzaria-bella/meu-pedido']) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/pizzaria-bella/minha-conta/pedidos');
  }
});
