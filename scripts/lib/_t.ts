import { validateCatalogueFile, formatProblems } from './validate-catalogue.ts';
import { DEMO_CATALOGUES } from '../seed-data/index.ts';
for (const c of DEMO_CATALOGUES) {
  const r = validateCatalogueFile(c);
  if (!r.ok) console.log(c.establishment.slug, '\n' + formatProblems(r.problems));
  else console.log(c.establishment.slug, 'ok', r.catalogue.categories.reduce((n, c) => n + c.products.length, 0), r.catalogue.categories.length);
}
