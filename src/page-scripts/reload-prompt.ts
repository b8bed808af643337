// The prompt an open page shows when its establishment's catalogue changed: the pages are
// already rendered again, so a reload shows the new products, prices and hours. It never reloads
// by itself and never interrupts: while a dialog is open (the cart, the checkout, an address being
// typed) it waits for it to close, so the customer loses nothing; the cart and the checkout's
// choices are kept in the draft (localStorage) through the reload. Vanilla DOM, styled inline with
// the establishment's colours, since the page's stylesheet knows nothing of it.
import { texts } from './texts.ts';

const WAIT_FOR_DIALOG_MS = 1000;
let waiting: number | undefined;

/** Shows the reload prompt (once: a second 'updated' while it is shown changes nothing). */
export function showReloadPrompt(): void {
  if (document.querySelector('[data-reload-prompt]') || waiting !== undefined) return;
  if (dialogOpen()) {
    waiting = window.setInterval(() => {
      if (dialogOpen()) return;
      window.clearInterval(waiting);
      waiting = undefined;
      showReloadPrompt();
    }, WAIT_FOR_DIALOG_MS);
    return;
  }
  document.body.appendChild(build());
}

function dialogOpen(): boolean {
  return document.querySelector('[aria-modal="true"], dialog[open]:modal') !== null;
}

function build(): HTMLElement {
  const box = document.createElement('section');
  box.setAttribute('data-reload-prompt', '');
  box.setAttribute('aria-labelledby', 'reload-prompt-title');
  Object.assign(box.style, {
    position: 'fixed',
    top: '12px',
    left: '50%',
    transform: 'translateX(-50%)',
    zIndex: '2147482000',
    width: 'min(28rem, calc(100vw - 24px))',
    boxSizing: 'border-box',
    padding: '14px 16px',
    borderRadius: '12px',
    border: '1px solid var(--c-line, #d4d4d8)',
    background: 'var(--c-card, #fff)',
    color: 'var(--c-ink, #111827)',
    boxShadow: '0 8px 24px rgba(0,0,0,.18)',
    font: 'inherit',
  } satisfies Partial<CSSStyleDeclaration>);

  const title = document.createElement('h2');
  title.id = 'reload-prompt-title';
  title.textContent = texts.live.title;
  Object.assign(title.style, { margin: '0 0 4px', fontSize: '1rem', fontWeight: '700' });

  // Announced once by screen readers, without taking the focus from what the customer is doing.
  const text = document.createElement('p');
  text.setAttribute('role', 'status');
  text.textContent = texts.live.text;
  Object.assign(text.style, { margin: '0 0 12px', fontSize: '.875rem', lineHeight: '1.35' });

  const actions = document.createElement('div');
  Object.assign(actions.style, { display: 'flex', gap: '8px', justifyContent: 'flex-end' });
  const later = button(texts.live.later, false);
  later.setAttribute('data-reload-later', '');
  later.addEventListener('click', () => box.remove());
  const reload = button(texts.live.reload, true);
  reload.setAttribute('data-reload-now', '');
  reload.addEventListener('click', () => location.reload());
  actions.append(later, reload);

  box.append(title, text, actions);
  return box;
}

function button(label: string, primary: boolean): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  Object.assign(b.style, {
    minHeight: '40px',
    padding: '8px 16px',
    borderRadius: '8px',
    font: 'inherit',
    fontSize: '.875rem',
    fontWeight: '600',
    cursor: 'pointer',
    border: primary ? '0' : '1px solid var(--c-line, #d4d4d8)',
    background: primary ? 'var(--c-primary, #b91c1c)' : 'transparent',
    color: primary ? 'var(--c-primaryinverse, #fff)' : 'var(--c-ink, #111827)',
  } satisfies Partial<CSSStyleDeclaration>);
  return b;
}
