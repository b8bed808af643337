// Replays the tap that arrived before the enhancements: StoreLayout's inline script keeps the
// button[type=button] tapped (the latest) while the page was still inert in window.earlyTap and attaches the
// enhancements at once. Run as their last step (Enhancements.astro), so every handler is listening by now.

declare global {
  interface Window {
    earlyTap?: HTMLElement;
  }
}

/** Replays the kept tap, if any. */
export function replayEarlyTap(): void {
  const tapped = window.earlyTap;
  delete window.earlyTap;
  if (tapped?.isConnected) tapped.click();
}
