// Product URLs are /produto/{id}-{kebab-name}: the id is what the page looks up; the name
// part is only for people and search engines, so any text after the id is accepted back.

/** Lower-case, accent-free, hyphen-separated text. Example: `kebabCase('Pizza Calabresa & Cebola') === 'pizza-calabresa-cebola'` */
export function kebabCase(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The '{id}-{kebab-name}' slug of a product. Example: `productSlug('64f1c2', 'Açaí 500ml') === '64f1c2-acai-500ml'` */
export function productSlug(id: string | number, name: string): string {
  const idText = String(id);
  if (!/^[A-Za-z0-9_]+$/.test(idText)) throw new RangeError(`product id cannot be put in a slug: ${idText}`);
  const kebab = kebabCase(name);
  return kebab === '' ? idText : `${idText}-${kebab}`;
}

/** The product page path. Example: `productPath('64f1c2', 'Coca-Cola 2L') === '/produto/64f1c2-coca-cola-2l'` */
export function productPath(id: string | number, name: string): string {
  return `/produto/${productSlug(id, name)}`;
}

/** The id at the start of a slug, whatever name follows; null when there is none. Example: `parseProductSlug('64f1c2-nome-antigo') === '64f1c2'` */
export function parseProductSlug(slug: string): string | null {
  const match = /^([A-Za-z0-9_]+)(?:-.*)?$/s.exec(slug);
  return match ? match[1]! : null;
}
