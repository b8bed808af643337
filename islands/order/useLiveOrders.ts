// The customer's orders over the page's live-updates socket (src/client/live.ts): `onChange` runs
// at once when one of them is placed or changes status (with its id), and with no id when the
// page must read again everything it shows: whenever the socket (re)connects, since a change made
// before it was open was sent to nobody, and when the server says it may have missed events. A
// page misses no status. Answers whether the socket is up; the order page polls only while it is not.
import { useEffect, useRef, useState } from 'react';
import { reloadForChunkError } from '../../src/client/chunk-reload.ts';
import { liveConnected, onLiveMessage, onLiveState, startLive } from '../../src/client/live.ts';

export function useLiveOrders(establishmentId: string, onChange: (orderId?: string) => void): boolean {
  const [connected, setConnected] = useState(false);
  // The latest callback, so a new function each render does not reconnect the listeners.
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => {
    setConnected(liveConnected());
    const offMessages = onLiveMessage((message) => {
      if (message.type === 'order') latest.current(message.order_id);
      else if (message.type === 'resync') latest.current();
    });
    const offState = onLiveState((state) => {
      setConnected(state.connected);
      if (state.connected) latest.current();
    });
    // Offline: the page keeps polling.
    startLive(establishmentId).catch((err: unknown) => {
      // partysocket's chunk gone with a new release: reload once to fetch the new one.
      if (!reloadForChunkError(err)) console.warn('[live] not started', err);
    });
    return () => {
      offMessages();
      offState();
    };
  }, [establishmentId]);

  return connected;
}
