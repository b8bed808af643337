// The screen's switches: the sound (browsers play only after a tap), system notifications, and what
// this device does on its own (accept, print on accepting).
import { t } from '../../src/i18n/index.ts';
import { Button } from '../shared/Button.tsx';
import type { DeviceSettings } from './useDeviceSettings.ts';
import './i18n.ts';

interface BoardToolbarProps {
  soundOn: boolean;
  ringing: boolean;
  settings: DeviceSettings;
  onSound: () => void;
  onSettings: (change: Partial<DeviceSettings>) => void;
}

export function BoardToolbar({ soundOn, ringing, settings, onSound, onSettings }: BoardToolbarProps) {
  const canNotify = typeof Notification !== 'undefined' && Notification.permission === 'default';
  return (
    <div className="flex flex-wrap items-center gap-3 text-ink" data-board-toolbar>
      {soundOn ? (
        <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-800" data-board-sound-on>
          {t('board:sound.enabled')}
        </span>
      ) : (
        <Button variant={ringing ? 'primary' : 'outline'} size="small" onClick={onSound} title={t('board:sound.hint')} data-board-sound>
          {t('board:sound.enable')}
        </Button>
      )}
      {canNotify && (
        <Button variant="secondary" size="small" onClick={() => void Notification.requestPermission()} data-board-notify>
          {t('board:sound.notifications')}
        </Button>
      )}
      <fieldset className="m-0 flex flex-wrap gap-3 border-0 p-0 text-sm">
        <legend className="sr-only">{t('board:device.title')}</legend>
        <label className="flex min-h-11 cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={settings.autoAccept}
            onChange={(e) => onSettings({ autoAccept: e.currentTarget.checked })}
            data-board-auto-accept
          />
          {t('board:device.autoAccept')}
        </label>
        <label className="flex min-h-11 cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={settings.autoPrint}
            onChange={(e) => onSettings({ autoPrint: e.currentTarget.checked })}
            data-board-auto-print
          />
          {t('board:device.autoPrint')}
        </label>
      </fieldset>
      {ringing && (
        <span className="sr-only" role="status">
          {t('board:sound.ringing')}
        </span>
      )}
    </div>
  );
}
