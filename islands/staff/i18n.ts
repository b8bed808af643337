// The 'staff' texts travel with the panel's own islands (src/i18n/index.ts).
import { registerNamespace } from '../../src/i18n/index.ts';
import texts from '../../src/i18n/locales/pt-BR/staff.json';

registerNamespace('staff', texts);
