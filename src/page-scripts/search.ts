// Search autocomplete over the layout's plain GET form: the
// products call with q 250 ms after the last keystroke (suggestions follow the typing, and a phone
// still sends one request for a word typed at speed, not one per letter), an ARIA listbox driven
// from the combobox input with the arrow keys, Enter and Escape; choosing a product goes to the home
// with ?q=<name> after about 1 s (the spec's search delay, R-2.54); the one clear button (the field is type=text, so the browser adds
// none of its own) empties the field and drops q from the address.
import { smallPicture } from '../lib/thumbnails.ts';
import { formatBRL } from '../domain/money.ts';
import { interpolate, pluralOf } from '../i18n/interpolate.ts';
import { texts } from './texts.ts';
import { API_HEADERS } from '../schemas/api-headers.ts';

/** Quiet time after the last keystroke before the server is asked: short, so suggestions follow the typing. */
const DEBOUNCE_MS = 250;
/** Time between choosing a suggestion and leaving for its results. */
const SELECT_DELAY_MS = 1000;
const LIMIT = 8;
const FIELDS = 'name,price,image,promo,hide_price,starting_price';

interface Suggestion {
  _id: string;
  name: string;
  price: number;
  image?: string | null;
  promo?: boolean;
  hide_price?: boolean;
  starting_price?: boolean;
}

function setup(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('[data-search-input]');
  const listbox = form.querySelector<HTMLUListElement>('[data-search-listbox]');
  const clear = form.querySelector<HTMLAnchorElement>('[data-search-clear]');
  const announce = form.querySelector<HTMLElement>('[data-search-announce]');
  const establishmentId = form.dataset.establishmentId;
  if (!input || !listbox || !establishmentId) return;
  const home = form.getAttribute('action') ?? '/';

  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  let items: Suggestion[] = [];
  let active = -1;
  let navigating = false;

  function close(): void {
    listbox!.hidden = true;
    listbox!.replaceChildren();
    input!.setAttribute('aria-expanded', 'false');
    input!.removeAttribute('aria-activedescendant');
    active = -1;
  }

  function setActive(index: number): void {
    const options = listbox!.querySelectorAll<HTMLElement>('[role="option"]');
    if (options.length === 0) return;
    active = (index + options.length) % options.length;
    options.forEach((o, i) => {
      const on = i === active;
      o.setAttribute('aria-selected', String(on));
      o.classList.toggle('bg-surface', on);
    });
    const current = options[active]!;
    input!.setAttribute('aria-activedescendant', current.id);
    current.scrollIntoView({ block: 'nearest' });
  }

  function priceText(p: Suggestion): string {
    if (p.hide_price || typeof p.price !== 'number' || !Number.isSafeInteger(p.price)) return '';
    const price = formatBRL(p.price);
    return p.starting_price ? interpolate(texts.search.fromPrice, { price }) : price;
  }

  function render(list: Suggestion[]): void {
    items = list;
    active = -1;
    input!.removeAttribute('aria-activedescendant');
    if (list.length === 0) {
      const empty = document.createElement('li');
      empty.setAttribute('role', 'option');
      empty.setAttribute('aria-disabled', 'true');
      empty.setAttribute('aria-selected', 'false');
      empty.id = 'busca-vazio';
      empty.className = 'px-3 py-2 text-sm text-muted';
      empty.dataset.searchEmpty = '';
      empty.textContent = texts.search.notFound;
      listbox!.replaceChildren(empty);
      if (announce) announce.textContent = texts.search.notFound;
    } else {
      listbox!.replaceChildren(
        ...list.map((p, i) => {
          const li = document.createElement('li');
          li.id = `busca-opcao-${i}`;
          li.setAttribute('role', 'option');
          li.setAttribute('aria-selected', 'false');
          li.dataset.searchOption = p._id;
          li.className = 'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm';
          if (p.image) {
            const img = document.createElement('img');
            img.src = smallPicture(p.image);
            img.alt = '';
            img.width = 32;
            img.height = 32;
            img.loading = 'lazy';
            img.className = 'h-8 w-8 flex-none rounded object-cover';
            li.append(img);
          }
          const name = document.createElement('span');
          name.className = 'min-w-0 flex-1 truncate';
          name.textContent = p.name;
          li.append(name);
          const price = priceText(p);
          if (price) {
            const span = document.createElement('span');
            span.className = 'flex-none text-muted';
            span.textContent = price;
            li.append(span);
          }
          li.addEventListener('mousedown', (e) => e.preventDefault());
          li.addEventListener('click', () => choose(i));
          li.addEventListener('mousemove', () => {
            if (active !== i) setActive(i);
          });
          return li;
        }),
      );
      if (announce)
        announce.textContent = interpolate(pluralOf(list.length) === 'one' ? texts.search.resultsCount_one : texts.search.resultsCount_other, {
          count: list.length,
        });
    }
    listbox!.hidden = false;
    input!.setAttribute('aria-expanded', 'true');
  }

  async function lookup(q: string): Promise<void> {
    controller?.abort();
    controller = new AbortController();
    const url = `/api/establishments/${encodeURIComponent(establishmentId!)}/products?q=${encodeURIComponent(q)}&limit=${LIMIT}&fields=${FIELDS}`;
    try {
      const res = await fetch(url, { headers: { ...API_HEADERS, Accept: 'application/json' }, signal: controller.signal });
      if (!res.ok) throw new Error(String(res.status));
      const body: unknown = await res.json();
      const list = Array.isArray(body) ? body : ((body as { items?: unknown }).items ?? (body as { data?: unknown }).data);
      if (input!.value.trim() !== q) return;
      render(Array.isArray(list) ? (list as Suggestion[]).slice(0, LIMIT) : []);
    } catch (err) {
      if ((err as { name?: string }).name === 'AbortError') return;
      close();
      if (announce) announce.textContent = texts.search.error;
    }
  }

  function choose(index: number): void {
    const p = items[index];
    if (!p || navigating) return;
    navigating = true;
    input!.value = p.name;
    close();
    // About 1 s before leaving, as the spec asks; the field shows the choice meanwhile.
    setTimeout(() => {
      location.href = `${home}?q=${encodeURIComponent(p.name)}`;
    }, SELECT_DELAY_MS);
  }

  function syncClear(): void {
    if (clear) clear.hidden = input!.value === '' && !new URLSearchParams(location.search).has('q');
  }

  input.addEventListener('input', () => {
    syncClear();
    clearTimeout(timer);
    const q = input.value.trim();
    if (q.length === 0) {
      controller?.abort();
      close();
      return;
    }
    timer = setTimeout(() => void lookup(q), DEBOUNCE_MS);
  });

  input.addEventListener('keydown', (event) => {
    const openList = !listbox.hidden && items.length > 0;
    switch (event.key) {
      case 'ArrowDown':
        if (openList) {
          event.preventDefault();
          setActive(active + 1);
        }
        break;
      case 'ArrowUp':
        if (openList) {
          event.preventDefault();
          setActive(active - 1);
        }
        break;
      case 'Enter':
        if (openList && active >= 0) {
          event.preventDefault();
          choose(active);
        }
        break;
      case 'Escape':
        if (!listbox.hidden) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        break;
    }
  });

  input.addEventListener('blur', () => setTimeout(close, 150));

  clear?.addEventListener('click', (event) => {
    event.preventDefault();
    input.value = '';
    // A look-up still waiting for its quiet second, or on its way, is for text that is gone.
    clearTimeout(timer);
    controller?.abort();
    close();
    const url = new URL(location.href);
    if (url.searchParams.has('q')) {
      url.searchParams.delete('q');
      location.href = url.pathname + url.search + url.hash;
      return;
    }
    syncClear();
    input.focus();
  });

  syncClear();
  // Text typed while this script was still loading gets its suggestions now.
  if (document.activeElement === input && input.value.trim() !== (input.defaultValue ?? '').trim()) input.dispatchEvent(new Event('input'));
}

/** Turns every search form of the page into the autocomplete combobox. */
export function startSearch(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-search]')) setup(form);
}
