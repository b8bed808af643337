// What a customer sees after an establishment imports its catalogue again while the server runs:
// the server holds its stored pages and catalogue answers in memory, and the browser keeps the
// answers in its HTTP cache (revalidated by ETag); neither may show the old catalogue once the
// import is done.
import { expect, test } from './fixtures.ts';
import { importCatalogue, openProductModal, shopCatalogue } from './helpers.ts';

const bakery = (slug: string, bread: { name: string; price: number }) =>
  shopCatalogue(slug, 'Padaria Aurora', { _id: 'paes', name: 'Pães' }, [
    { _id: 'pao-da-casa', name: bread.name, desc: 'Fermentação natural, 800 g.', price: bread.price },
    { _id: 'baguete', name: 'Baguete', desc: 'Casca crocante.', price: 1200 },
  ]);

test('a product renamed and repriced by an import shows its new name on the page and its new name and price in the product modal', async ({ page }, info) => {
  // One tenant per project: the two projects run at the same time.
  const slug = `padaria-aurora-${info.project.name}`;
  await importCatalogue(bakery(slug, { name: 'Pão Rústico', price: 2400 }));
  const openProduct = async (name: string) => {
    await page.goto(`/${slug}/`);
    await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
    return openProductModal(page, name);
  };

  const before = await openProduct('Pão Rústico');
  await expect(before.locator('[data-add-price]')).toContainText('24,00');
  await page.keyboard.press('Escape');
  await expect(before).toBeHidden();

  await importCatalogue(bakery(slug, { name: 'Pão Rústico de Centeio', price: 2650 }));
  // The same browser, with the old answers in its cache: the page and the modal show the import.
  const after = await openProduct('Pão Rústico de Centeio');
  await expect(after.locator('[data-add-price]')).toContainText('26,50');
  await expect(page.getByRole('button', { name: 'Adicionar Pão Rústico ao pedido', exact: true })).toHaveCount(0);
});
