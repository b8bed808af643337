// Enhances the layout's no-JavaScript fallbacks: the 'Sobre' :target overlay becomes a modal
// <dialog> (focus moves in, Escape and the backdrop close it, focus returns to the opener), fetched
// from the home on a page that leaves it out (the product page); the
// unavailable notice becomes modal; open <details> dropdowns close on Escape or an outside
// click; the mobile search toggle also closes the search.

/** Makes the dialogs modal, the dropdowns closable and the search toggle a toggle. */
export function startDialogs(): void {
  let about = document.querySelector<HTMLDialogElement>('dialog[data-about]');
  let opener: HTMLElement | null = null;
  let fetching = false;

  function showAbout(dialog: HTMLDialogElement, from: HTMLElement | null): void {
    if (dialog.open) return;
    opener = from;
    closeDropdowns();
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-dialog-close]')?.focus();
  }

  function adoptAbout(dialog: HTMLDialogElement): HTMLDialogElement {
    closableModal(dialog);
    dialog.addEventListener('close', () => {
      if (location.hash === '#sobre') history.replaceState(history.state, '', location.pathname + location.search);
      // A link inside a dropdown that has since closed cannot take focus; its summary can.
      const back = opener?.closest('details:not([open])')?.querySelector<HTMLElement>('summary') ?? opener;
      back?.focus();
      opener = null;
    });
    return dialog;
  }

  // A page without the dialog (the product page) links to the home's: fetched once and opened in
  // place. Should the fetch fail, the link leads to the home, where the dialog opens by itself.
  async function aboutFromHome(link: HTMLAnchorElement): Promise<void> {
    if (fetching) return;
    fetching = true;
    link.setAttribute('aria-busy', 'true');
    try {
      const res = await fetch(new URL(link.href).pathname, { credentials: 'same-origin' });
      // Only the dialog's own markup is parsed: the rest of the home (its inline handler, allowed
      // there by hash) would be refused by this page's script policy as the parser met it.
      const markup = res.ok ? /<dialog\b[^>]*\bdata-about\b[\s\S]*?<\/dialog>/.exec(await res.text())?.[0] : undefined;
      const found = markup ? new DOMParser().parseFromString(markup, 'text/html').querySelector('dialog[data-about]') : null;
      if (!found) throw new Error(`${link.href}: no dialog`);
      about = adoptAbout(document.importNode(found, true) as HTMLDialogElement);
      document.body.append(about);
      showAbout(about, link);
    } catch {
      location.assign(link.href);
    } finally {
      link.removeAttribute('aria-busy');
      fetching = false;
    }
  }

  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-about-open]');
    if (!link) return;
    event.preventDefault();
    if (about) showAbout(about, link);
    else void aboutFromHome(link);
  });
  if (about) {
    adoptAbout(about);
    const open = () => {
      if (about && location.hash === '#sobre') showAbout(about, null);
    };
    window.addEventListener('hashchange', open);
    open();
  }

  // Close buttons and clicks on the backdrop of every modal; the 'Sobre' dialog is made so above.
  for (const dialog of document.querySelectorAll<HTMLDialogElement>('dialog.modal:not([data-about])')) closableModal(dialog);

  // The unavailable notice is rendered open (readable without JS); make it modal. Once closed it
  // stays closed for the rest of the browser session (the head script hides it before paint).
  const unavailable = document.querySelector<HTMLDialogElement>('dialog[data-unavailable]');
  const dismissKey = `unavailable-dismissed:${document.documentElement.dataset.store ?? ''}`;
  if (unavailable?.open) {
    unavailable.close();
    if (!document.documentElement.classList.contains('unavailable-dismissed')) {
      unavailable.showModal();
      unavailable.querySelector<HTMLElement>('[data-dialog-close]')?.focus();
    }
    unavailable.addEventListener('close', () => {
      try {
        sessionStorage.setItem(dismissKey, '1');
      } catch {
        // Storage may be unavailable (private mode); the notice then shows on every page.
      }
    });
  }

  // Dropdowns built on <details>.
  function closeDropdowns(except?: Element): void {
    for (const d of document.querySelectorAll<HTMLDetailsElement>('details[data-dropdown][open]')) {
      if (d !== except) d.open = false;
    }
  }
  document.addEventListener('click', (event) => {
    const inside = (event.target as Element | null)?.closest?.('details[data-dropdown]') ?? undefined;
    closeDropdowns(inside);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = document.querySelector<HTMLDetailsElement>('details[data-dropdown][open]');
    if (!open) return;
    open.open = false;
    open.querySelector<HTMLElement>('summary')?.focus();
  });

  // Mobile search toggle, the field's label: a tap on it focuses the field by itself, which shows
  // the form (SearchForm.astro); here it also keeps the form open once the field loses the focus,
  // and a tap on an open form's toggle closes it.
  const toggle = document.querySelector<HTMLElement>('[data-search-toggle]');
  const form = document.querySelector<HTMLFormElement>('form[data-search]');
  if (toggle && form) {
    toggle.addEventListener('click', (event) => {
      if (!form.hasAttribute('data-open')) {
        form.setAttribute('data-open', '');
        return;
      }
      event.preventDefault();
      form.removeAttribute('data-open');
      if (form.contains(document.activeElement)) (document.activeElement as HTMLElement).blur();
    });
  }
}

/**
 * Until now the no-JavaScript fallbacks (#sobre as a :target overlay, the search shown while its
 * field has the focus or text) served any tap made while the scripts were loading; keep what they
 * opened, then take over. Run once every other enhancement listens: from here on the layout's
 * inline script no longer holds taps back.
 */
export function takeOverFallbacks(): void {
  // A search the customer has started (the field focused from its toggle, text typed) stays open.
  const search = document.querySelector<HTMLFormElement>('form[data-search]');
  const field = search?.querySelector<HTMLInputElement>('input[name="q"]');
  if (search && (location.hash === '#busca' || search.contains(document.activeElement) || (field && field.value !== field.defaultValue)))
    search.setAttribute('data-open', '');
  document.documentElement.classList.add('enhanced');
  if (location.hash === '#sobre') document.querySelector<HTMLAnchorElement>('a[data-about-open]')?.click();
}

/** Closes a modal <dialog> from its close buttons and from a click on its backdrop (the dialog element itself, outside its content box). */
function closableModal(dialog: HTMLDialogElement): void {
  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target.closest('[data-dialog-close]')) {
      event.preventDefault();
      dialog.close();
      return;
    }
    if (target === dialog) {
      const r = dialog.getBoundingClientRect();
      const inside = event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom;
      if (!inside) dialog.close();
    }
  });
}
