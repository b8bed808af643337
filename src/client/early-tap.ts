// Replays the tap that arrived before the enhancements: StoreLayout's inline script keeps the
// button[type=button] tapped (the latest) while the page was still inert in window.earlyTap and attaches the
// enhancements at once. Imported last by Enhancements.astro, so every handler is listening by now.

declare global {
  interface Window {
    earlyTap?: HTMLElement;
  }
}

const tapped = window.earlyTap;
delete window.earlyTap;
if (tapped?.isConnected) tapped.click();

export {};
