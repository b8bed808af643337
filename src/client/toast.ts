// Toasts: short messages stacked at the bottom centre of the screen, announced by an aria-live
// region. Vanilla DOM so any script (islands included) can use it without pulling React in.
// Durations (decisions #20): errors 5000 ms, successes 2000 ms, info 3000 ms, unless told.

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastOptions {
  kind?: ToastKind;
  durationMs?: number;
  action?: { label: string; onClick: () => void };
}

const DEFAULT_MS: Record<ToastKind, number> = { success: 2000, error: 5000, info: 3000 };
const COLOURS: Record<ToastKind, string> = { success: '#166534', error: '#b91c1c', info: '#1f2937' };

let region: HTMLElement | null = null;

function ensureRegion(): HTMLElement {
  if (region?.isConnected) return region;
  region = document.querySelector<HTMLElement>('[data-toasts]');
  if (region) return region;
  region = document.createElement('div');
  region.setAttribute('data-toasts', '');
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'false');
  Object.assign(region.style, {
    position: 'fixed',
    left: '50%',
    bottom: 'calc(16px + env(safe-area-inset-bottom, 0px))',
    transform: 'translateX(-50%)',
    zIndex: '2147483000',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '8px',
    width: 'max-content',
    maxWidth: 'calc(100vw - 24px)',
    pointerEvents: 'none',
  });
  document.body.appendChild(region);
  return region;
}

/** Shows a toast; errors are also announced assertively. */
export function toast(message: string, opts: ToastOptions = {}): void {
  if (typeof document === 'undefined') return;
  const kind = opts.kind ?? 'info';
  const duration = opts.durationMs ?? DEFAULT_MS[kind];
  const host = ensureRegion();
  const item = document.createElement('div');
  item.setAttribute('data-toast', kind);
  if (kind === 'error') item.setAttribute('role', 'alert');
  Object.assign(item.style, {
    pointerEvents: 'auto',
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    padding: '10px 16px',
    borderRadius: '8px',
    background: COLOURS[kind],
    color: '#fff',
    fontSize: '14px',
    lineHeight: '1.35',
    boxShadow: '0 4px 14px rgba(0,0,0,.25)',
    maxWidth: '100%',
  });
  const text = document.createElement('span');
  text.textContent = message;
  item.appendChild(text);
  let timer = 0;
  const remove = () => {
    window.clearTimeout(timer);
    item.remove();
  };
  if (opts.action) {
    const { label, onClick } = opts.action;
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    Object.assign(button.style, {
      background: 'transparent',
      color: '#fff',
      border: '1px solid rgba(255,255,255,.6)',
      borderRadius: '6px',
      padding: '4px 10px',
      cursor: 'pointer',
      font: 'inherit',
      fontWeight: '600',
    });
    button.addEventListener('click', () => {
      remove();
      onClick();
    });
    item.appendChild(button);
  }
  host.appendChild(item);
  timer = window.setTimeout(remove, duration);
}
