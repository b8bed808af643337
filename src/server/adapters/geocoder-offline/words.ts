// The words of a search and of a place's name: folded, Brazilian address abbreviations expanded,
// stop words dropped.
import { foldText } from '../geocoder.ts';

const STOP_WORDS = new Set(['de', 'da', 'do', 'das', 'dos', 'e']);
/** Street-type words: they narrow a search to streets but never identify one alone. */
export const STREET_TYPES = new Set(['rua', 'avenida', 'alameda', 'praca', 'travessa', 'rodovia', 'estrada', 'largo', 'viela', 'via']);
/** Usual abbreviations in Brazilian addresses, folded. */
const ABBREVIATIONS: Record<string, string> = {
  av: 'avenida',
  avda: 'avenida',
  r: 'rua',
  al: 'alameda',
  pca: 'praca',
  pc: 'praca',
  tv: 'travessa',
  trav: 'travessa',
  rod: 'rodovia',
  estr: 'estrada',
  lgo: 'largo',
  dr: 'doutor',
  dra: 'doutora',
  prof: 'professor',
  profa: 'professora',
  eng: 'engenheiro',
  gen: 'general',
  gal: 'general',
  cel: 'coronel',
  cap: 'capitao',
  mal: 'marechal',
  alm: 'almirante',
  pres: 'presidente',
  cons: 'conselheiro',
  des: 'desembargador',
  pe: 'padre',
  sen: 'senador',
  sta: 'santa',
  sto: 'santo',
  s: 'sao',
  sra: 'senhora',
  sr: 'senhor',
  vl: 'vila',
  jd: 'jardim',
  jar: 'jardim',
  pq: 'parque',
};

/** The words of a query: folded, abbreviations expanded, stop words and 'nº' dropped. */
export function queryTokens(q: string): string[] {
  const words = foldText(q).split(' ').filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (STOP_WORDS.has(w)) continue;
    // 'n' or 'no' before a number is 'nº'; otherwise 'N.' abbreviates 'Nossa' (N. Sra. de Fátima).
    if ((w === 'n' || w === 'no') && /^\d+$/.test(words[i + 1] ?? '')) continue;
    out.push(w === 'n' ? 'nossa' : (ABBREVIATIONS[w] ?? w));
  }
  return out;
}

export const nameTokens = (s: string) =>
  foldText(s)
    .split(' ')
    .filter((w) => w && !STOP_WORDS.has(w));
