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
        <DeviceSwitch
          label={t('board:device.autoAccept')}
          on={settings.autoAccept}
          onChange={(autoAccept) => onSettings({ autoAccept })}
          hook="data-board-auto-accept"
        />
        <DeviceSwitch
          label={t('board:device.autoPrint')}
          on={settings.autoPrint}
          onChange={(autoPrint) => onSettings({ autoPrint })}
          hook="data-board-auto-print"
        />
      </fieldset>
      {ringing && (
        <span className="sr-only" role="status">
          {t('board:sound.ringing')}
        </span>
      )}
    </div>
  );
}

/** One of this device's switches: a labelled checkbox, marked for the tests by `hook`. */
function DeviceSwitch({ label, on, onChange, hook }: { label: string; on: boolean; onChange: (on: boolean) => void; hook: string }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2">
      <input type="checkbox" className="h-5 w-5" checked={on} onChange={(e) => onChange(e.currentTarget.checked)} {...{ [hook]: '' }} />
      {label}
    </label>
  );
}
