// What this device does on its own: accept new orders automatically, print the ticket on accepting.
// Kept in the device's storage, not the establishment's settings: the tablet at the counter that
// prints is one device, a manager's phone that only watches is another.
import { useCallback, useState } from 'react';

export interface DeviceSettings {
  autoAccept: boolean;
  autoPrint: boolean;
}

const KEY = 'painel:aparelho';
const DEFAULTS: DeviceSettings = { autoAccept: false, autoPrint: false };

function read(establishmentId: string): DeviceSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(`${KEY}:${establishmentId}`) ?? 'null') as Partial<DeviceSettings> | null;
    return { autoAccept: stored?.autoAccept === true, autoPrint: stored?.autoPrint === true };
  } catch {
    return DEFAULTS;
  }
}

export function useDeviceSettings(establishmentId: string): [DeviceSettings, (change: Partial<DeviceSettings>) => void] {
  const [settings, setSettings] = useState(() => read(establishmentId));
  const change = useCallback(
    (part: Partial<DeviceSettings>) => {
      setSettings((before) => {
        const next = { ...before, ...part };
        try {
          localStorage.setItem(`${KEY}:${establishmentId}`, JSON.stringify(next));
        } catch {
          // Private mode without storage: the setting holds until the page closes.
        }
        return next;
      });
    },
    [establishmentId],
  );
  return [settings, change];
}
