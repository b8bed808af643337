// Category links shared by the catalogue pages: the sticky nav's items and the layout's burger menu.
import { t } from '../../i18n/index.ts';
import { routes } from '../../lib/urls.ts';
import type { CatalogueSection } from '../../server/page-data.ts';
import { PROMO_SECTION_ID, sectionId } from './format.ts';

export interface CategoryNavItem {
  /** data-category-link value (category id, 'promo' or 'home'). */
  key: string;
  name: string;
  href: string;
  current?: boolean;
}

/** The layout's `categories` prop: every category with its page. */
export function layoutCategories(slug: string, sections: readonly CatalogueSection[]): { _id: string; name: string; href: string }[] {
  return sections.map(({ category }) => ({ _id: category._id, name: category.name, href: routes.category(slug, category) }));
}

/** Home nav: anchors to the sections on the page (#c-<id>), 'Promoções' first when shown. */
export function anchorNavItems(sections: readonly CatalogueSection[], withPromo: boolean): CategoryNavItem[] {
  const items: CategoryNavItem[] = sections.map(({ category }) => ({ key: category._id, name: category.name, href: `#${sectionId(category._id)}` }));
  return withPromo ? [{ key: 'promo', name: t('catalogue:nav.promotions'), href: `#${PROMO_SECTION_ID}` }, ...items] : items;
}

/** Category-page nav: the menu's home then every category page, the current one marked. */
export function pageNavItems(slug: string, sections: readonly CatalogueSection[], currentId?: string): CategoryNavItem[] {
  return [
    { key: 'home', name: t('catalogue:nav.home'), href: routes.home(slug) },
    ...sections.map(({ category }) => ({
      key: category._id,
      name: category.name,
      href: routes.category(slug, category),
      current: category._id === currentId,
    })),
  ];
}
