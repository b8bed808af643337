/**
 * The id of the note that tells a browser without JavaScript why 'Adicionar' cannot order
 * (NoScriptOrdering.astro); every 'Adicionar' of the catalogue names it in popovertarget.
 */
export const NO_SCRIPT_ORDERING_ID = 'pedido-sem-js';
