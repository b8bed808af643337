// The loading overlay (src/client/loading-overlay.ts) held while this component is mounted: a
// Suspense fallback or an island's loading state shows it, and unmounting lets it go.
import { useEffect } from 'react';
import { showLoadingOverlay } from '../../src/client/loading-overlay.ts';

export function LoadingOverlay({ text, hook }: { text: string; hook?: string }) {
  useEffect(() => {
    const overlay = showLoadingOverlay(text, hook);
    return () => overlay.close();
  }, [text, hook]);
  return null;
}
