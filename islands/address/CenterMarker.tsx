// The address map's fixed pin (./AddressMap.tsx): the map moves under it, and the point under its
// tip is the delivery point.
import { t } from '../../src/i18n/index.ts';
import './i18n.ts';

/** The fixed pin: its tip sits exactly on the map's centre. */
export function CenterMarker() {
  return (
    <div
      className="pointer-events-none absolute left-1/2 top-1/2 z-[2] -translate-x-1/2 -translate-y-full text-brand"
      role="img"
      aria-label={t('address:modal.centerMarker')}
      data-address-center-marker
    >
      <svg width="40" height="40" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 23s-8-7-8-13a8 8 0 0 1 16 0c0 6-8 13-8 13z" fill="currentColor" stroke="#fff" strokeWidth="1.5" />
        <circle cx="12" cy="10" r="3" fill="#fff" />
      </svg>
    </div>
  );
}
