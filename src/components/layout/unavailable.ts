// The id of the info strip's notice of an establishment that takes no orders (InfoBadges.astro):
// the disabled 'Adicionar' buttons of cards and product pages point to it (aria-describedby), so a
// screen reader hears why they do nothing.
export const UNAVAILABLE_NOTICE_ID = 'pedidos-pausados';
