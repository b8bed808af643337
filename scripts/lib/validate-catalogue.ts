// Validation of a catalogue exchange file (src/schemas/catalogue.ts), before anything is written:
// the arktype schema (with unknown fields rejected, so typos do not pass silently) plus the
// cross-field rules the schema cannot express. Every problem is reported with its JSON path,
// e.g. `categories[0].products[3].price: must be an integer (was 12.5)`.
import { type } from 'arktype';
import { Catalogue } from '../../src/schemas/catalogue.ts';
import { unavailableWithoutTitle } from '../../src/domain/open-now.ts';
import { couponWindowInstant, normalizeCouponCode } from '../../src/domain/coupon.ts';
import { DEFAULT_TIME_ZONE } from '../../src/domain/time.ts';

export interface Problem {
  /** JSON path of the offending value: `categories[0].products[3].price`; `(root)` for the document. */
  path: string;
  message: string;
}

export type ValidationResult = { ok: true; catalogue: Catalogue } | { ok: false; problems: Problem[] };

const StrictCatalogue = Catalogue.onDeepUndeclaredKey('reject');

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** ['categories', 0, 'products', 3, 'price'] -> 'categories[0].products[3].price'. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number' || (typeof part === 'string' && /^\d+$/.test(part))) out += `[${String(part)}]`;
    else if (typeof part === 'string' && IDENTIFIER.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(String(part))}]`;
  }
  return out || '(root)';
}

/** One line per problem: `<json.path>: <message>`. */
export function formatProblems(problems: Problem[]): string {
  return problems.map((p) => `${p.path}: ${p.message}`).join('\n');
}

/** Reais for messages: 1290 -> 'R$ 12,90'. */
const brl = (cents: number) => `R$ ${(cents / 100).toFixed(2).replace('.', ',')}`;

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const int = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const hhmm = (v: number) => `${String(Math.floor(v / 100)).padStart(2, '0')}:${String(v % 100).padStart(2, '0')}`;

/** The cross-field rules, run on the raw document (defensively: the schema reports wrong types). */
function crossFieldProblems(doc: unknown): Problem[] {
  const problems: Problem[] = [];
  const add = (path: PropertyKey[], message: string) => problems.push({ path: formatPath(path), message });
  if (!isRec(doc)) return problems;

  const company = isRec(doc.company) ? doc.company : {};
  const est = isRec(doc.establishment) ? doc.establishment : {};
  const prefs = isRec(est.preferences) ? est.preferences : {};
  const estDeliveryTypes = list(prefs.delivery_type).filter((t): t is string => typeof t === 'string');
  const maxDaysScheduling = int(prefs.max_days_scheduling) ? prefs.max_days_scheduling : 0;

  /** Reports repeated `_id`s among the records of one list. */
  const uniqueKeys = (records: unknown[], base: PropertyKey[], what: string, seen = new Map<string, string>()) => {
    records.forEach((r, i) => {
      if (!isRec(r) || typeof r._id !== 'string') return;
      const first = seen.get(r._id);
      if (first !== undefined) add([...base, i, '_id'], `duplicate ${what} key '${r._id}' (already used at ${first})`);
      else seen.set(r._id, formatPath([...base, i, '_id']));
    });
    return seen;
  };

  /** HHMM values must have minutes below 60; a closing before the opening is the next day, only up to 04:00. */
  const checkTimeRange = (r: unknown, base: PropertyKey[]) => {
    if (!isRec(r)) return;
    for (const f of ['start_at', 'stop_at'] as const) {
      const v = r[f];
      if (int(v) && v >= 0 && v <= 2400 && v % 100 >= 60) add([...base, f], `must be a time as HHMM with minutes 00-59 (was ${v})`);
    }
    const { start_at: a, stop_at: b } = r;
    if (int(a) && int(b)) {
      if (a === b) add([...base, 'stop_at'], `must differ from start_at (${hhmm(a)})`);
      else if (b < a && b > 400)
        add([...base, 'stop_at'], `closes (${hhmm(b)}) before it opens (${hhmm(a)}); only closings between 00:00 and 04:00 count as the next day`);
    }
  };

  /** min <= max; for the check layout also max <= number of items; unique item keys; presets within the rules. */
  const checkVariation = (v: unknown, base: PropertyKey[], what: string) => {
    if (!isRec(v)) return;
    const vItems = list(v.items);
    if (int(v.min) && int(v.max) && v.min > v.max) add([...base, 'min'], `must be at most max (${v.max}) (was ${v.min})`);
    if (v.layout === 'check' && vItems.length > 0) {
      if (int(v.max) && v.max > vItems.length)
        add([...base, 'max'], `must be at most the number of items (${vItems.length}) for the check layout (was ${v.max})`);
      if (int(v.min) && v.min > vItems.length && !(int(v.max) && v.min > v.max))
        add([...base, 'min'], `must be at most the number of items (${vItems.length}) for the check layout (was ${v.min})`);
    }
    uniqueKeys(vItems, [...base, 'items'], `${what} item`);
    // Preset picks (item qnt) must be a selection the customer could make.
    const presets = vItems.map((item) => (isRec(item) && int(item.qnt) ? item.qnt : 0));
    if (v.layout === 'check') {
      presets.forEach((q, ii) => {
        if (q > 1) add([...base, 'items', ii, 'qnt'], `must be 0 or 1 for the check layout (was ${q})`);
      });
    }
    const preset = v.layout === 'check' ? presets.filter((q) => q > 0).length : presets.reduce((a, q) => a + q, 0);
    if (int(v.max) && preset > v.max) add([...base, 'items'], `preset picks (qnt) come to ${preset}, past max (${v.max})`);
  };

  // Company
  const domains = list(company.domains);
  const seenDomains = new Set<unknown>();
  domains.forEach((d, i) => {
    if (seenDomains.has(d)) add(['company', 'domains', i], `duplicate domain '${String(d)}'`);
    seenDomains.add(d);
  });

  // Establishment
  for (const [i, h] of list(est.office_hours).entries()) checkTimeRange(h, ['establishment', 'office_hours', i]);
  if (
    est.has_free_delivery_tax_after_product_price === true &&
    !(int(prefs.free_delivery_tax_after_product_price) && prefs.free_delivery_tax_after_product_price > 0)
  )
    add(
      ['establishment', 'preferences', 'free_delivery_tax_after_product_price'],
      'must be greater than 0 when establishment.has_free_delivery_tax_after_product_price is true',
    );

  // A cover's alternative text describes a cover: alone it would describe nothing.
  const design = isRec(est.design) ? est.design : {};
  if (typeof design.cover_alt === 'string' && typeof design.cover !== 'string')
    add(['establishment', 'design', 'cover_alt'], 'needs establishment.design.cover');

  // Preferences
  const P = ['establishment', 'preferences'];
  const seenTypes = new Set<string>();
  estDeliveryTypes.forEach((t, i) => {
    if (seenTypes.has(t)) add([...P, 'delivery_type', i], `duplicate delivery type '${t}'`);
    seenTypes.add(t);
  });
  const bands = list(prefs.delivery_bands);
  let previous: number | undefined;
  let largest = 0;
  bands.forEach((b, i) => {
    if (!isRec(b) || !int(b.up_to_meters)) return;
    if (previous !== undefined && b.up_to_meters <= previous)
      add([...P, 'delivery_bands', i, 'up_to_meters'], `must be greater than the previous band's (${previous} m) (was ${b.up_to_meters})`);
    previous = b.up_to_meters;
    largest = Math.max(largest, b.up_to_meters);
  });
  const radius = prefs.delivery_radius === undefined ? 5000 : prefs.delivery_radius;
  if (int(radius) && largest > radius)
    add(
      [...P, 'delivery_radius'],
      `must cover the largest delivery band (${largest} m) (was ${radius}${prefs.delivery_radius === undefined ? ', the default' : ''})`,
    );
  const pairs: [string, string, number, number][] = [
    ['min_delivery_time', 'max_delivery_time', 30, 60],
    ['min_pickup_time', 'max_pickup_time', 15, 30],
  ];
  for (const [lo, hi, dlo, dhi] of pairs) {
    const a = prefs[lo] === undefined ? dlo : prefs[lo];
    const b = prefs[hi] === undefined ? dhi : prefs[hi];
    if (int(a) && int(b) && a > b) add([...P, lo], `must be at most ${hi} (${b}) (was ${a})`);
  }
  if (prefs.pickup_discount_type === 'percentage' && int(prefs.pickup_discount_value) && prefs.pickup_discount_value > 100)
    add([...P, 'pickup_discount_value'], `must be at most 100 for a percentage discount (was ${prefs.pickup_discount_value})`);
  if (prefs.has_pickup_discount === true && !(int(prefs.pickup_discount_value) && prefs.pickup_discount_value > 0))
    add([...P, 'pickup_discount_value'], 'must be greater than 0 when has_pickup_discount is true');
  if (unavailableWithoutTitle(prefs)) add([...P, 'unavailable_title'], 'is required when unavailable is true');
  for (const f of ['pickup_payment_methods', 'delivery_payment_methods', 'online_payment_methods']) uniqueKeys(list(prefs[f]), [...P, f], 'payment method');

  // Categories and products
  const categories = list(doc.categories);
  const categoryKeys = uniqueKeys(categories, ['categories'], 'category');
  const parentOf = new Map<string, string>();
  categories.forEach((c) => {
    if (isRec(c) && typeof c._id === 'string' && typeof c.parent === 'string') parentOf.set(c._id, c.parent);
  });
  const productKeys = new Map<string, string>();
  categories.forEach((c, ci) => {
    if (!isRec(c)) return;
    const cBase = ['categories', ci];
    if (typeof c.parent === 'string') {
      if (c.parent === c._id) add([...cBase, 'parent'], 'must not be the category itself');
      else if (!categoryKeys.has(c.parent)) add([...cBase, 'parent'], `unknown category key '${c.parent}' (no category has this _id)`);
      else {
        // Walk up: a chain that comes back to this category is a cycle.
        const visited = new Set<string>([String(c._id)]);
        for (let k: string | undefined = c.parent; k !== undefined; k = parentOf.get(k)) {
          if (visited.has(k)) {
            add([...cBase, 'parent'], `creates a cycle of parent categories (through '${k}')`);
            break;
          }
          visited.add(k);
        }
      }
    }
    const products = list(c.products);
    uniqueKeys(products, [...cBase, 'products'], 'product', productKeys);
    products.forEach((p, pi) => {
      if (!isRec(p)) return;
      const base = [...cBase, 'products', pi];
      if (p.promo === true) {
        if (p.normal_price === undefined) add([...base, 'normal_price'], 'is required when promo is true (the price before the promotion)');
        else if (int(p.normal_price) && int(p.price) && p.normal_price <= p.price)
          add([...base, 'normal_price'], `must be greater than price (${brl(p.price)}) when promo is true (was ${brl(p.normal_price)})`);
      }
      if (Array.isArray(p.delivery_type)) {
        const types = p.delivery_type.filter((t): t is string => typeof t === 'string');
        if (p.delivery_type.length === 0) add([...base, 'delivery_type'], 'must list at least one delivery type (or be left out for delivery and pickup)');
        const seen = new Set<string>();
        types.forEach((t, i) => {
          if (seen.has(t)) add([...base, 'delivery_type', i], `duplicate delivery type '${t}'`);
          seen.add(t);
        });
        if (types.length && estDeliveryTypes.length && !types.some((t) => estDeliveryTypes.includes(t)))
          add(
            [...base, 'delivery_type'],
            `none of ${types.join(', ')} is offered by the establishment (preferences.delivery_type: ${estDeliveryTypes.join(', ')})`,
          );
      } else if (p.delivery_type === undefined && estDeliveryTypes.length && !estDeliveryTypes.some((t) => t === 'delivery' || t === 'pickup')) {
        add(
          [...base, 'delivery_type'],
          `defaults to delivery and pickup, which the establishment does not offer (preferences.delivery_type: ${estDeliveryTypes.join(', ')})`,
        );
      }
      for (const [i, a] of list(p.availabilities).entries()) checkTimeRange(a, [...base, 'availabilities', i]);
      if (p.mandatory_schedule === true && maxDaysScheduling === 0)
        add([...base, 'mandatory_schedule'], 'needs scheduling: establishment.preferences.max_days_scheduling must be greater than 0');
      const variations = list(p.variations);
      uniqueKeys(variations, [...base, 'variations'], 'variation');
      for (const [vi, v] of variations.entries()) checkVariation(v, [...base, 'variations', vi], 'variation');
    });
  });

  const orderVariations = list(doc.order_variations);
  uniqueKeys(orderVariations, ['order_variations'], 'order variation');
  for (const [vi, v] of orderVariations.entries()) checkVariation(v, ['order_variations', vi], 'order variation');

  // Coupons: one code per establishment as the customer types it, percentages up to 100, a window
  // that reads as dates or offset date-times and ends after it starts, bounds in order.
  const timeZone = typeof est.time_zone === 'string' ? est.time_zone : DEFAULT_TIME_ZONE;
  const coupons = list(doc.coupons);
  uniqueKeys(coupons, ['coupons'], 'coupon');
  const codes = new Map<string, string>();
  coupons.forEach((c, i) => {
    if (!isRec(c)) return;
    const base = ['coupons', i];
    if (typeof c.code === 'string') {
      const code = normalizeCouponCode(c.code);
      const first = codes.get(code);
      if (code === '') add([...base, 'code'], 'must have a letter or digit');
      else if (first !== undefined)
        add([...base, 'code'], `duplicate coupon code '${code}' (already used at ${first}; codes are compared without spaces, in capitals)`);
      else codes.set(code, formatPath([...base, 'code']));
    }
    if (c.discount_type === 'percentage' && int(c.value) && c.value > 100)
      add([...base, 'value'], `must be at most 100 for a percentage coupon (was ${c.value})`);
    if (int(c.min_total_products) && int(c.max_total_products) && c.max_total_products > 0 && c.max_total_products < c.min_total_products)
      add(
        [...base, 'max_total_products'],
        `must be 0 (no maximum) or at least min_total_products (${brl(c.min_total_products)}) (was ${brl(c.max_total_products)})`,
      );
    const window: Partial<Record<'starts_at' | 'ends_at', string>> = {};
    for (const [f, edge] of [
      ['starts_at', 'start'],
      ['ends_at', 'end'],
    ] as const) {
      if (typeof c[f] !== 'string') continue;
      const at = couponWindowInstant(c[f], edge, timeZone);
      if (at === null) add([...base, f], `must be a date (2026-12-31) or a date-time with its offset (2026-12-31T23:59:00-03:00) (was '${c[f]}')`);
      else window[f] = at;
    }
    if (window.starts_at && window.ends_at && window.ends_at <= window.starts_at) add([...base, 'ends_at'], `must be after starts_at (${String(c.starts_at)})`);
  });

  // Achievements: a reward that means something for its type.
  const achievements = list(doc.achievements);
  uniqueKeys(achievements, ['achievements'], 'achievement');
  achievements.forEach((a, i) => {
    if (!isRec(a)) return;
    const base = ['achievements', i];
    const value = a.reward_value === undefined ? 0 : a.reward_value;
    if (a.reward_type === 'percentage' && int(value) && (value < 1 || value > 100))
      add([...base, 'reward_value'], `must be 1 to 100 for a percentage reward (was ${value})`);
    if (a.reward_type === 'fixed' && int(value) && value < 1)
      add([...base, 'reward_value'], `must be greater than 0 for a fixed reward (centavos) (was ${value})`);
    if (a.reward_type === 'free_delivery' && int(value) && value !== 0)
      add([...base, 'reward_value'], `must be 0 or left out for a free_delivery reward (was ${value})`);
  });
  return problems;
}

/** Schema problems, one per arktype error, with readable messages. */
function schemaProblems(errors: InstanceType<typeof type.errors>): Problem[] {
  return [...errors].map((e) => {
    let message =
      e.code === 'predicate' && e.problem === 'must be removed' ? 'unknown field (not part of the catalogue format; check the spelling)' : e.problem;
    message = message.replace(/\s*\n\s*/g, '; ');
    return { path: formatPath(e.path), message };
  });
}

/**
 * Validates a parsed catalogue file. Pure: reads nothing and writes nothing.
 * On success returns the catalogue with every default applied (what replaceCatalogue takes).
 */
export function validateCatalogueFile(json: unknown): ValidationResult {
  if (!isRec(json)) {
    const was = Array.isArray(json) ? 'an array' : json === null ? 'null' : `a ${typeof json}`;
    return { ok: false, problems: [{ path: '(root)', message: `must be an object with company, establishment and categories (was ${was})` }] };
  }
  const parsed = StrictCatalogue(json);
  const problems: Problem[] = parsed instanceof type.errors ? schemaProblems(parsed) : [];
  const seen = new Set(problems.map((p) => `${p.path}\u0000${p.message}`));
  for (const p of crossFieldProblems(json)) {
    const k = `${p.path}\u0000${p.message}`;
    if (!seen.has(k)) {
      seen.add(k);
      problems.push(p);
    }
  }
  // Sorted by path (numbers compared as numbers) so problems read in a predictable order.
  problems.sort((a, b) => a.path.localeCompare(b.path, 'en', { numeric: true }));
  if (problems.length || parsed instanceof type.errors) return { ok: false, problems };
  return { ok: true, catalogue: parsed as Catalogue };
}
