// Small hooks of the cart app: reading @preact/signals-core signals from React.
import { useCallback, useSyncExternalStore } from 'react';
import type { ReadonlySignal } from '@preact/signals-core';

/** The signal's current value; the component re-renders when it changes. */
export function useSignalValue<T>(signal: ReadonlySignal<T>): T {
  const subscribe = useCallback((onChange: () => void) => signal.subscribe(() => onChange()), [signal]);
  const read = useCallback(() => signal.peek(), [signal]);
  return useSyncExternalStore(subscribe, read, read);
}
