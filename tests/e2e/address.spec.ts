// The address picker and the address modal inside the checkout, against the real server and its
// offline geocoder (Mercado Sol Centro, Santos: open 24 h, delivery radius 7 km). The map step
// (MapLibre canvas, fixed centre marker, zoom 12 on the establishment, search restricted to
// Brazil, geolocation at zoom 19), the list-only step without WebGL driven by the keyboard, the
// form's every message, S/N and S/C saved as null, the place tabs, saving (listed and selected),
// an address outside the radius and deleting with a confirmation.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page, type TestInfo } from './fixtures.ts';
import type { AddressesAnswer, AddressView } from '../../src/schemas/api-geo.ts';
import { API_HEADERS, logIn, mercadoSolCheckout, openCheckoutWith } from './helpers.ts';

// The map draws with software WebGL in headless Chromium: give these journeys room on a busy machine.
test.describe.configure({ timeout: 60_000 });

const SLUG = 'mercado-sol-centro';
const PRODUCT = 'Pão Francês (10 unidades)';
type SavedAddress = AddressView;

/** A new customer through the API; the browser gets its session cookies. Returns the token. */
async function signIn(request: APIRequestContext, context: BrowserContext, info: TestInfo): Promise<string> {
  return (await logIn(context, request, SLUG, info, 'Rita Endereço Teste')).token;
}

async function savedAddresses(request: APIRequestContext, token: string): Promise<SavedAddress[]> {
  const res = await request.get('/api/users/me/addresses', { headers: { ...API_HEADERS, Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as AddressesAnswer).addresses;
}

/** Cart with one product -> 'Finalizar pedido' -> the extras (first option of each group) -> delivery: the picker. */
async function openPicker(page: Page): Promise<Locator> {
  const checkout = await openCheckoutWith(page, SLUG, PRODUCT);
  await checkout.locator('[data-delivery-option="delivery"]').click();
  const picker = checkout.locator('[data-address-picker]');
  await expect(picker).toBeVisible();
  await expect(picker.locator('[data-address-loading]')).toBeHidden();
  return picker;
}

async function openModal(page: Page, picker: Locator): Promise<Locator> {
  await picker.locator('[data-address-new]').click();
  const modal = page.locator('[data-address-modal]');
  await expect(modal).toBeVisible();
  return modal;
}

/** Search a street of the offline geodata and take the first result. */
async function searchAndPick(modal: Locator, q: string): Promise<void> {
  await modal.locator('[data-address-search]').fill(q);
  await modal.locator('[data-address-search-submit]').click();
  const first = modal.locator('[data-address-result]').first();
  await expect(first).toBeVisible();
  await first.click();
  await expect(modal.locator('[data-address-search-status]')).toContainText('Local escolhido');
}

async function toFormStep(modal: Locator): Promise<Locator> {
  await modal.locator('[data-address-continue]').click();
  await expect(modal).toHaveAttribute('data-step', 'form');
  return modal.locator('[data-address-form]');
}

/** Serious or critical accessibility problems inside the address modal. */
async function axeProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('[data-address-modal]').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const field = (form: Locator, name: string) => form.locator(`input[name="${name}"]`);
const message = (form: Locator, name: string) => form.locator(`[data-address-error="${name}"]`);

test('step 1 is a map centred on the establishment at zoom 12 with a fixed centre marker and a Brazil-only search; Continuar reverse-geocodes into the form [R-2.115] [R-2.116] [R-4.34] [R-7.45] [R-9.9] [R-7.44]', async ({
  page,
  context,
  request,
}, info) => {
  await signIn(request, context, info);
  const picker = await openPicker(page);
  await expect(picker.locator('[data-address-empty]')).toBeVisible();
  const modal = await openModal(page, picker);
  await expect(modal).toHaveAttribute('data-step', 'map');
  const map = modal.locator('[data-address-map]');
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 15_000 });
  await expect(modal.locator('[data-address-center-marker]')).toBeVisible();
  // Zoom 12 on the establishment (Rua XV de Novembro 95, Santos: -46.333, -23.9345).
  await expect(map).toHaveAttribute('data-zoom', '12');
  const [lng, lat] = (await map.getAttribute('data-center'))!.split(',').map(Number);
  expect(lng).toBeCloseTo(-46.333, 3);
  expect(lat).toBeCloseTo(-23.9345, 3);
  // The marker sits on the map's centre: its tip (bottom centre) at the middle of the map.
  const mapBox = (await map.boundingBox())!;
  const pinBox = (await modal.locator('[data-address-center-marker]').boundingBox())!;
  expect(Math.abs(pinBox.x + pinBox.width / 2 - (mapBox.x + mapBox.width / 2))).toBeLessThan(2);
  expect(Math.abs(pinBox.y + pinBox.height - (mapBox.y + mapBox.height / 2))).toBeLessThan(2);

  // The search asks the Brazil-only geocoder near the map's centre.
  const searched = page.waitForRequest((r) => r.url().includes('/api/geo/search?'));
  await modal.locator('[data-address-search]').fill('Rua do Comércio');
  await modal.locator('[data-address-search-submit]').click();
  const url = new URL((await searched).url());
  expect(url.searchParams.get('q')).toBe('Rua do Comércio');
  expect(url.searchParams.get('near')).toMatch(/^-46\.3\d*,-23\.9\d*$/);
  const result = modal.locator('[data-address-result]').first();
  await expect(result).toContainText('Rua do Comércio');
  await expect(result).toContainText('Santos/SP');
  await result.click();
  // The map flies to the result and the centre marker lands exactly on it.
  await expect(map).toHaveAttribute('data-zoom', '17', { timeout: 10_000 });
  await expect(map).toHaveAttribute('data-center', '-46.333000,-23.933505');

  expect(await axeProblems(page)).toEqual([]);

  const form = await toFormStep(modal);
  await expect(field(form, 'street')).toHaveValue('Rua do Comércio');
  await expect(field(form, 'neighborhood')).toHaveValue('Centro');
  await expect(field(form, 'city')).toHaveValue('Santos');
  await expect(field(form, 'state')).toHaveValue('SP');
  // City and state come from the geocoder: read-only.
  await expect(field(form, 'city')).toHaveAttribute('readonly', '');
  await expect(field(form, 'state')).toHaveAttribute('readonly', '');
  // Back to the map keeps the modal; Escape closes it and focus returns to 'Novo endereço'.
  await modal.locator('[data-address-back]').click();
  await expect(modal).toHaveAttribute('data-step', 'map');
  await expect(modal.locator('[data-address-search]')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(page.locator('[data-checkout="customer"]')).toBeVisible();
  await expect(picker.locator('[data-address-new]')).toBeFocused();
});

test('the form names every problem: street, number (required, digits, at most 99999999), complement, neighbourhood, reference with its warning; native validity counts too [R-5.80] [R-5.81] [R-5.82] [R-5.83] [R-5.84] [R-5.85] [R-5.86] @one-viewport', async ({
  page,
  context,
  request,
}, info) => {
  const token = await signIn(request, context, info);
  const modal = await openModal(page, await openPicker(page));
  await searchAndPick(modal, 'Rua General Câmara');
  const form = await toFormStep(modal);
  await expect(form.locator('[data-address-ref-warning]')).toHaveText('O ponto de referência é obrigatório: ele ajuda o entregador a encontrar você.');

  await field(form, 'street').fill('');
  await field(form, 'number').fill('');
  await field(form, 'complement').fill('');
  await field(form, 'neighborhood').fill('');
  await field(form, 'ref').fill('');
  await modal.locator('[data-address-save]').click();
  await expect(message(form, 'street')).toHaveText('Informe a rua.');
  await expect(message(form, 'number')).toHaveText('Informe o número ou marque S/N.');
  await expect(message(form, 'complement')).toHaveText('Informe o complemento ou marque S/C.');
  await expect(message(form, 'neighborhood')).toHaveText('Informe o bairro.');
  await expect(message(form, 'ref')).toHaveText('Informe um ponto de referência.');
  await expect(field(form, 'street')).toBeFocused();
  await expect(field(form, 'street')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeProblems(page)).toEqual([]);
  // Typing clears that field's message.
  await field(form, 'street').fill('Rua General Câmara');
  await expect(message(form, 'street')).toBeHidden();

  for (const bad of ['12a', '123456789']) {
    await field(form, 'number').fill(bad);
    await modal.locator('[data-address-save]').click();
    await expect(message(form, 'number')).toHaveText('O número deve ter só algarismos, de 0 a 99999999.');
  }
  // The browser's own validity agrees (pattern) and is checked before saving.
  expect(await field(form, 'number').evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(false);
  await field(form, 'number').fill('99999999');
  expect(await field(form, 'number').evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(true);
  await modal.locator('[data-address-save]').click();
  await expect(message(form, 'number')).toBeHidden();
  await expect(message(form, 'complement')).toBeVisible();
  expect(await form.evaluate((el: HTMLFormElement) => el.checkValidity())).toBe(false);
  // Nothing was saved while the form was invalid.
  expect(await savedAddresses(request, token)).toHaveLength(0);
});

test('S/N and S/C are saved as null, the place comes from the icon tabs; after saving the list reloads and the new address is selected with its fee [R-4.35] [R-4.36] [R-4.37] [R-4.38] [R-3.47] [R-8.57] [R-7.42] [R-7.41] @one-viewport', async ({
  page,
  context,
  request,
}, info) => {
  const token = await signIn(request, context, info);
  const picker = await openPicker(page);
  const modal = await openModal(page, picker);
  await searchAndPick(modal, 'Rua Amador Bueno');
  const form = await toFormStep(modal);

  // The six places, 'Outro' (default) chosen at first.
  const places = form.locator('[data-address-place]');
  await expect(places).toHaveCount(6);
  expect(await places.evaluateAll((els) => els.map((e) => e.getAttribute('data-address-place')))).toEqual([
    'default',
    'house',
    'work',
    'school',
    'family',
    'friend',
  ]);
  await expect(form.locator('[data-address-place="default"] input')).toBeChecked();
  await form.locator('[data-address-place="work"]').click();
  await expect(form.locator('[data-address-place="work"]')).toHaveAttribute('data-checked', 'true');
  await expect(form.locator('[data-address-place="default"] input')).not.toBeChecked();

  await field(form, 'number').fill('321');
  await form.locator('[data-address-tick="no_number"] input').check();
  await expect(field(form, 'number')).toBeDisabled();
  await expect(field(form, 'number')).toHaveValue('');
  await form.locator('[data-address-tick="no_complement"] input').check();
  await expect(field(form, 'complement')).toBeDisabled();
  await field(form, 'ref').fill('Portão azul ao lado da farmácia');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/users/me/addresses') && r.request().method() === 'POST');
  await modal.locator('[data-address-save]').click();
  const res = await saved;
  expect(res.status()).toBe(201);
  const body = res.request().postDataJSON() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['city', 'complement', 'country', 'lat', 'lng', 'neighborhood', 'number', 'place', 'ref', 'state', 'street']);
  expect(body).toMatchObject({
    number: null,
    complement: null,
    place: 'work',
    country: 'BR',
    city: 'Santos',
    state: 'SP',
    ref: 'Portão azul ao lado da farmácia',
  });

  await expect(page.locator('[data-toast="success"]', { hasText: 'Endereço salvo!' })).toBeVisible();
  await expect(modal).toBeHidden();
  const [address] = await savedAddresses(request, token);
  expect(address).toMatchObject({ number: null, complement: null, place: 'work', street: 'Rua Amador Bueno' });
  // Reloaded and selected, with the fee of its distance band.
  const item = picker.locator(`[data-address-item="${address!._id}"]`);
  await expect(item.locator('[data-address-line]')).toHaveText('Rua Amador Bueno, S/N - Centro, Santos/SP');
  await expect(item.locator('[data-place-icon="work"]')).toBeVisible();
  await expect(item.locator('[data-address-fee]')).toHaveText(/^Taxa de entrega: R\$\s6,90$/);
  await expect(item.locator('[data-address-radio]')).toBeChecked();
  await expect(item).toHaveAttribute('data-selected', 'true');
});

test('an address outside the delivery radius is marked, and picking it shows the spec message and leaves no address chosen; deleting asks first [R-1.17] [R-8.48] [R-8.49] [R-7.43] [R-7.38] @one-viewport', async ({
  page,
  context,
  request,
}, info) => {
  const token = await signIn(request, context, info);
  const auth = { ...API_HEADERS, Authorization: `Bearer ${token}` };
  // Vila Madalena, São Paulo: ~55 km from the Santos store (radius 7 km).
  const far = await request.post('/api/users/me/addresses', {
    headers: auth,
    data: {
      lat: -23.556,
      lng: -46.69,
      street: 'Rua Aspicuelta',
      number: '522',
      complement: null,
      neighborhood: 'Vila Madalena',
      city: 'São Paulo',
      state: 'SP',
      country: 'BR',
      ref: 'Esquina',
      place: 'friend',
    },
  });
  expect(far.status(), await far.text()).toBe(201);
  const farId = ((await far.json()) as SavedAddress)._id;

  const picker = await openPicker(page);
  const item = picker.locator(`[data-address-item="${farId}"]`);
  await expect(item.locator('[data-address-fee]')).toHaveText('fora da área de entrega');
  await item.locator('[data-address-radio]').click();
  await expect(
    page.locator('[data-toast="error"]', { hasText: 'Desculpe-nos, mas não entregamos na sua localização. Tente outro local para entrega.' }),
  ).toBeVisible();
  await expect(item.locator('[data-address-radio]')).not.toBeChecked();

  // Delete: the confirmation first; Cancelar keeps it, Excluir removes it.
  await item.locator('[data-address-remove]').click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Excluir este endereço?');
  await confirm.locator('[data-confirm-cancel]').click();
  await expect(item).toBeVisible();
  await item.locator('[data-address-remove]').click();
  await page.getByRole('alertdialog').locator('[data-confirm-ok]').click();
  await expect(item).toBeHidden();
  await expect(picker.locator('[data-address-empty]')).toBeVisible();
  expect(await savedAddresses(request, token)).toHaveLength(0);
});

test('"Usar minha localização" flies the map to the device position at zoom 19 [R-9.10] @one-viewport', async ({ page, context, request }, info) => {
  await signIn(request, context, info);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: -23.9365, longitude: -46.331 });
  const modal = await openModal(page, await openPicker(page));
  const map = modal.locator('[data-address-map]');
  await expect(map).toHaveAttribute('data-zoom', '12', { timeout: 15_000 });
  await modal.locator('[data-address-locate]').click();
  await expect(map).toHaveAttribute('data-zoom', '19', { timeout: 10_000 });
  const [lng, lat] = (await map.getAttribute('data-center'))!.split(',').map(Number);
  expect(lng).toBeCloseTo(-46.331, 4);
  expect(lat).toBeCloseTo(-23.9365, 4);
  const form = await toFormStep(modal);
  await expect(field(form, 'city')).toHaveValue('Santos');
});

test('without WebGL step 1 is the search list with a note, and the whole modal works from the keyboard', async ({ page, context, request }, info) => {
  await context.addInitScript(() => {
    const proto = HTMLCanvasElement.prototype as unknown as { getContext: (this: HTMLCanvasElement, type: string, ...rest: unknown[]) => unknown };
    const original = proto.getContext;
    proto.getContext = function (type, ...rest) {
      return /webgl/i.test(type) ? null : original.call(this, type, ...rest);
    };
  });
  const token = await signIn(request, context, info);
  const picker = await openPicker(page);
  await picker.locator('[data-address-new]').focus();
  await page.keyboard.press('Enter');
  const modal = page.locator('[data-address-modal]');
  await expect(modal.locator('[data-address-map-fallback]')).toHaveText('O mapa não pode ser exibido neste aparelho. Busque o endereço abaixo e continue.');
  await expect(modal.locator('canvas')).toHaveCount(0);

  // Keyboard only: search, Tab to the result, Enter, then Continuar.
  await modal.locator('[data-address-search]').focus();
  await page.keyboard.type('Rua Frei Gaspar');
  await page.keyboard.press('Enter');
  await expect(modal.locator('[data-address-result]').first()).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(modal.locator('[data-address-search-submit]')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(modal.locator('[data-address-result]').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(modal.locator('[data-address-search-status]')).toContainText('Rua Frei Gaspar');
  await modal.locator('[data-address-continue]').focus();
  await page.keyboard.press('Enter');
  await expect(modal).toHaveAttribute('data-step', 'form');
  const form = modal.locator('[data-address-form]');
  await expect(field(form, 'street')).toHaveValue('Rua Frei Gaspar');
  // The geocoder found the number; focus lands on the first empty field (the complement).
  await expect(field(form, 'number')).toHaveValue(/^\d+$/);
  const number = await field(form, 'number').inputValue();
  await expect(field(form, 'complement')).toBeFocused();
  await page.keyboard.type('Fundos');
  await page.keyboard.press('Tab');
  await expect(form.locator('[data-address-tick="no_complement"] input')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(field(form, 'neighborhood')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(field(form, 'ref')).toBeFocused();
  await page.keyboard.type('Perto do mercado');
  // Arrow keys move through the place tabs (a radio group).
  await form.locator('[data-address-place="default"] input').focus();
  await page.keyboard.press('ArrowRight');
  await expect(form.locator('[data-address-place="house"] input')).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-toast="success"]', { hasText: 'Endereço salvo!' })).toBeVisible();
  const [address] = await savedAddresses(request, token);
  expect(address).toMatchObject({ street: 'Rua Frei Gaspar', number, complement: 'Fundos', place: 'house', ref: 'Perto do mercado' });
});

test('a municipality the geocoder cannot place (lng_lat null) is chosen without moving the map, and the form still fills @one-viewport', async ({
  page,
  context,
  request,
}, info) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await signIn(request, context, info);
  const modal = await openModal(page, await openPicker(page));
  const map = modal.locator('[data-address-map]');
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 15_000 });
  const before = await map.getAttribute('data-center');

  // The offline geocoder knows Xapuri/AC by name only: its answer has lng_lat null (docs/api.md).
  const answered = page.waitForResponse((r) => r.url().includes('/api/geo/search?'));
  await modal.locator('[data-address-search]').fill('Xapuri');
  await modal.locator('[data-address-search-submit]').click();
  expect((await (await answered).json()).results[0]).toMatchObject({ label: 'Xapuri/AC', lng_lat: null });
  await modal.locator('[data-address-result]', { hasText: 'Xapuri/AC' }).click();
  await expect(modal.locator('[data-address-search-status]')).toHaveText(
    'Local escolhido: Xapuri/AC. Ele não aparece no mapa: arraste o mapa até o local da entrega.',
  );
  await expect(modal.locator('[data-address-results]')).toBeHidden();
  await expect(map).toHaveAttribute('data-center', before!);
  expect(errors).toEqual([]);
  // Continuar still reverse-geocodes the map's point into the form.
  const form = await toFormStep(modal);
  await expect(field(form, 'city')).toHaveValue('Santos');
});

test("a customer's only address, added in the first checkout, is their default: the next order picks it by itself with its fee, and it goes @one-viewport", async ({
  page,
  context,
  request,
}, info) => {
  const { token, establishmentId } = await logIn(context, request, SLUG, info, 'Rita Primeiro Endereço');
  const AZEITE = 'Azeite de Oliva Extravirgem (500 ml)'; // above the R$ 30,00 minimum order
  const payOnDeliveryAndSend = async (checkout: Locator) => {
    await checkout.getByRole('button', { name: 'Pagar na entrega' }).click();
    await checkout.getByLabel('Forma de pagamento').selectOption({ label: 'Cartão de débito' });
    await checkout.getByRole('button', { name: 'Avançar e Finalizar' }).click();
    await page.waitForURL(new RegExp(`/${SLUG}/pedido/[^/]+$`), { timeout: 15_000 });
  };

  // First order: no address yet; one is added on the map and chosen at once.
  let checkout = await mercadoSolCheckout(page, request, establishmentId, AZEITE);
  await checkout.locator('[data-delivery-option="delivery"]').click();
  let picker = checkout.locator('[data-address-picker]');
  await expect(picker.locator('[data-address-empty]')).toBeVisible();
  const modal = await openModal(page, picker);
  await searchAndPick(modal, 'Rua Amador Bueno');
  const form = await toFormStep(modal);
  await field(form, 'number').fill('300');
  await form.locator('[data-address-tick="no_complement"] input').check();
  await field(form, 'ref').fill('Portão azul');
  await modal.locator('[data-address-save]').click();
  await expect(modal).toBeHidden();
  await expect(checkout.locator('[data-summary-row="delivery-fee"]')).toHaveAttribute('data-cents', '690');
  await payOnDeliveryAndSend(checkout);
  const [address] = await savedAddresses(request, token);
  expect(address).toMatchObject({ street: 'Rua Amador Bueno', number: '300', is_default: true });

  // Second order: the customer only says 'Entrega'; the address and its fee are there.
  checkout = await mercadoSolCheckout(page, request, establishmentId, AZEITE);
  await checkout.locator('[data-delivery-option="delivery"]').click();
  picker = checkout.locator('[data-address-picker]');
  await expect(picker.locator(`[data-address-item="${address!._id}"] [data-address-radio]`)).toBeChecked();
  await expect(checkout.locator('[data-delivery-fee]')).toHaveText(/^Taxa de entrega: R\$\s6,90$/);
  await expect(checkout.locator('[data-summary-row="delivery-fee"]')).toHaveAttribute('data-cents', '690');
  await expect(checkout.locator('[data-summary-row="delivery-fee"]')).toHaveText(/R\$\s6,90/);
  await expect(checkout.locator('[data-summary-where]')).toHaveText('Entregar em: Rua Amador Bueno, 300 - Centro, Santos/SP');
  const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/establishments\/[^/]+\/orders$/.test(r.url()));
  await payOnDeliveryAndSend(checkout);
  expect((await sent).postDataJSON()).toMatchObject({ delivery_type: 'delivery', address_id: address!._id });
  await expect(page.locator('[data-toast="error"]')).toHaveCount(0);
});
