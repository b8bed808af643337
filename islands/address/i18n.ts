// The 'address' texts travel with this code rather than with every page's scripts (src/i18n/index.ts).
import { registerNamespace } from '../../src/i18n/index.ts';
import texts from '../../src/i18n/locales/pt-BR/address.json';

registerNamespace('address', texts);
