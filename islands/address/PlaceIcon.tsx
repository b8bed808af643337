// The icon of each address place: a pin (default), house, briefcase (work), graduation
// cap (school), heart (family), two people (friend). Decorative: the place's name is always
// written next to it.
import type { AddressPlace } from '../../src/domain/address.ts';

const PATHS: Record<AddressPlace, string> = {
  default: 'M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  house: 'M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10',
  work: 'M3 8h18v12H3zM8 8V5h8v3M3 13h18',
  school: 'M2 9l10-5 10 5-10 5zM6 11v5c3 2.5 9 2.5 12 0v-5M22 9v6',
  family: 'M12 20s-8-4.8-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.2 12 20 12 20z',
  friend: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M16 11a2.5 2.5 0 1 0 0-5M17 14c2.4.4 4 2.6 4 6',
};

export function PlaceIcon({ place, size = 22 }: { place: AddressPlace; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      data-place-icon={place}
    >
      <path d={PATHS[place] ?? PATHS.default} />
    </svg>
  );
}
