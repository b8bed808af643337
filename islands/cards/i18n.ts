// The 'cards' texts travel with the card code (wallet, add-card drawer, validation steps, the
// checkout's card selector) rather than with every catalogue page's scripts (src/i18n/index.ts).
import { registerNamespace } from '../../src/i18n/index.ts';
import texts from '../../src/i18n/locales/pt-BR/cards.json';

registerNamespace('cards', texts);
