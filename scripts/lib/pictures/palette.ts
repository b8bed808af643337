// The colours of a generated picture, taken from the establishment's own design (its theme, primary,
// darkprimary and navbar colours), so every demo tenant's pictures look like its own photo studio:
// a wall and a table in tints of its colours, lit from above. Pure.

export interface DesignColours {
  theme?: 'light' | 'dark';
  navbarcolor: string;
  primary: string;
  darkprimary: string;
  primaryinverse: string;
}

export interface Palette {
  /** The wall behind the product, top and bottom of its gradient. */
  wallTop: string;
  wallBottom: string;
  /** The table the product stands on, at the horizon and at the front. */
  tableTop: string;
  tableBottom: string;
  /** The plate and its well. */
  plate: string;
  plateWell: string;
  /** The light behind the product, and how strong it is (0-1). */
  light: string;
  lightOpacity: number;
}

type Rgb = [number, number, number];

const parse = (hex: string): Rgb => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const toHex = (c: Rgb) =>
  `#${c
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** `a` moved towards `b` by `t` (0 = a, 1 = b), in sRGB: mix('#000000', '#ffffff', 0.5) = '#808080'. */
export function mix(a: string, b: string, t: number): string {
  const [x, y] = [parse(a), parse(b)];
  return toHex(x.map((v, i) => v + (y[i]! - v) * t) as Rgb);
}

/** Distance between two colours (Euclidean, sRGB 0-255): what a test compares a sampled pixel with. */
export function colourDistance(a: string | Rgb, b: string | Rgb): number {
  const [x, y] = [typeof a === 'string' ? parse(a) : a, typeof b === 'string' ? parse(b) : b];
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
}

/** The picture colours of a design: light tints of the primary colours, or a dark room lit in the primary on a dark theme. */
export function paletteFor(d: DesignColours): Palette {
  if (d.theme === 'dark') {
    const base = d.navbarcolor;
    return {
      wallTop: mix(base, d.primary, 0.16),
      wallBottom: mix(base, d.primary, 0.08),
      tableTop: mix(base, d.darkprimary, 0.34),
      tableBottom: mix(base, d.darkprimary, 0.2),
      plate: mix('#ffffff', base, 0.12),
      plateWell: mix('#ffffff', base, 0.2),
      light: d.primary,
      lightOpacity: 0.3,
    };
  }
  return {
    wallTop: mix(d.primary, '#ffffff', 0.88),
    wallBottom: mix(d.primary, '#ffffff', 0.76),
    tableTop: mix(d.darkprimary, '#ffffff', 0.6),
    tableBottom: mix(d.darkprimary, '#ffffff', 0.46),
    plate: '#fdfcfa',
    plateWell: '#f1eee8',
    light: '#ffffff',
    lightOpacity: 0.7,
  };
}
