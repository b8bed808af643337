// A search: the candidates whose name the query's words match, ranked by how much of the name was
// typed, then by distance from `near`, then cities before neighbourhoods before streets.
import type { GeoSearchResult } from '../../../schemas/api-geo.ts';
import type { LngLat } from '../geocoder.ts';
import type { Candidate } from './candidates.ts';
import { distance } from './geometry.ts';
import { STREET_TYPES, queryTokens } from './words.ts';

interface Match {
  candidate: Candidate;
  /** 3: every word of the name typed; 2: the name's first word typed; 1: some word of the name. */
  tier: number;
  number: number | null;
}

function matchCandidate(c: Candidate, tokens: readonly string[]): Match | null {
  const primaryHit = new Set<string>();
  let significant = false;
  let number: number | null = null;
  for (const qt of tokens) {
    const exact = c.primary.find((pt) => pt === qt);
    const prefix = exact ?? c.primary.find((pt) => pt.startsWith(qt));
    if (prefix) {
      primaryHit.add(prefix);
      if (!STREET_TYPES.has(prefix)) significant = true;
      continue;
    }
    if (c.context.some((ct) => ct.startsWith(qt))) continue;
    if (c.kind === 'street' && number === null && /^\d{1,8}$/.test(qt)) {
      number = Number(qt);
      continue;
    }
    return null;
  }
  if (!significant) return null;
  const named = c.primary.filter((pt) => !STREET_TYPES.has(pt));
  const exactAll = named.every((pt) => tokens.includes(pt));
  const tier = exactAll ? 3 : named[0] !== undefined && primaryHit.has(named[0]) ? 2 : 1;
  return { candidate: c, tier, number };
}

const KIND_RANK: Record<GeoSearchResult['kind'], number> = { city: 0, neighborhood: 1, street: 2 };

/** The best `limit` (default 8) answers to `q`. */
export function searchPlaces(candidates: readonly Candidate[], q: string, opts: { near?: LngLat; limit?: number }): GeoSearchResult[] {
  const tokens = queryTokens(q);
  if (tokens.length === 0) return [];
  const near = opts.near;
  const ranked = candidates
    .map((c) => matchCandidate(c, tokens))
    .filter((m): m is Match => m !== null)
    .map((m) => {
      const pos = m.candidate.position(m.number, near);
      return { m, pos, d: near && pos ? distance(near, pos) : null, result: m.candidate.build(m.number, near) };
    })
    .sort(
      (a, b) =>
        b.m.tier - a.m.tier ||
        (a.d ?? Infinity) - (b.d ?? Infinity) ||
        Number(b.pos !== null) - Number(a.pos !== null) ||
        KIND_RANK[a.m.candidate.kind] - KIND_RANK[b.m.candidate.kind] ||
        a.result.label.localeCompare(b.result.label, 'pt-BR'),
    );
  return ranked.slice(0, opts.limit ?? 8).map((r) => r.result);
}
