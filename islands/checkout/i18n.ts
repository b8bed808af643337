// The 'checkout' texts travel with this code rather than with every page's scripts (src/i18n/index.ts),
// and so do the waiting order's ('offline': an order sent without connection, ./WaitingOrderDialog.tsx).
import { registerNamespace } from '../../src/i18n/index.ts';
import texts from '../../src/i18n/locales/pt-BR/checkout.json';
import offlineTexts from '../../src/i18n/locales/pt-BR/offline.json';

registerNamespace('checkout', texts);
registerNamespace('offline', offlineTexts);
