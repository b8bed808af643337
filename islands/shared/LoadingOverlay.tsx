// The loading overlay (src/client/loading-overlay.ts) held while this component is mounted: a
// Suspense fallback or an island's loading state shows it, and unmounting lets it go.
import { useEffect } from 'react';
import { showLoadingOverlay } from '../../src/client/loading-overlay.ts';

/** `since`: performance.now() of the tap that asked for what is loading, so the 3 s count from it. */
export function LoadingOverlay({ text, hook, since }: { text: string; hook?: string; since?: number }) {
  useEffect(() => {
    const overlay = showLoadingOverlay(text, hook, since);
    return () => overlay.close();
  }, [text, hook, since]);
  return null;
}
