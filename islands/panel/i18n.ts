// The 'board' texts travel with the panel's code (src/i18n/index.ts), with the order texts it reuses.
import { registerNamespace } from '../../src/i18n/index.ts';
import texts from '../../src/i18n/locales/pt-BR/board.json';
import '../order/i18n.ts';

registerNamespace('board', texts);
