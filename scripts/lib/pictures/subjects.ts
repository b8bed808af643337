// What a demo product's picture shows: one main emoji (the product itself: a pizza, a cup, a loaf,
// a rice bowl, a sponge...) and up to two small props beside it (the pizza's toppings, the juice's
// fruit), chosen from the product's name, then its description, then its category. Pure: the
// composer (compose.ts) draws what this returns. Every emoji named here exists in
// @lobehub/fluent-emoji-3d (checked by tests/unit/picture-subjects.test.ts).

export interface Subject {
  /** The product itself. */
  main: string;
  /** Small items placed beside it (ingredients, a fruit), at most two. */
  props: string[];
  /** Served on a plate (prepared food) rather than standing on the table (packaged goods, drinks). */
  plate: boolean;
}

/** Lowercase, without accents: 'Pão Francês' -> 'pao frances'. */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

// Rules are tried in order on the folded product name, then on its category's name: the first
// match names the main emoji. `plate` marks prepared food. More specific words come first
// ('agua de coco' before 'agua', 'pizza doce' before 'pizza').
// biome-ignore format: a table, one rule a line
const MAIN_RULES: [RegExp, string, boolean?][] = [
  [/pizza doce/, '🍕', true],
  [/pizza|pizzas/, '🍕', true],
  [/calzone/, '🥟', true],
  [/esfiha/, '🫓', true],
  [/kit festa|coxinha/, '🥟', true],
  [/detergente|amaciante|sanitaria|alvejante|desinfetante|limpador|limpa-vidros/, '🧴'],
  [/docinho|brigadeiro/, '🧁', true],
  [/bolo de aniversario|aniversario/, '🎂', true],
  [/torta salgada|empada|quiche/, '🥧', true],
  [/petit gateau|brownie|torta|\bbolos?\b|panetone/, '🍰', true],
  [/pudim|gelatina|mousse/, '🍮', true],
  [/sonho|rosca|donut/, '🍩', true],
  [/picole|sorvete|acai|gelado de/, '🍨'],
  [/salada de frutas/, '🍓', true],
  [/sanduiche|misto|hamburguer de|lanche/, '🥪', true],
  [/hamburguer/, '🍔'],
  [/tapioca/, '🌮', true],
  [/marmita|executiv/, '🍱', true],
  [/feijoada|caldo|sopa/, '🍲', true],
  [/lasanha|escondidinho/, '🥘', true],
  [/nugget|frango assado|frango inteiro|coxa|sobrecoxa|asa de frango|peito de frango|sassami|aves/, '🍗', true],
  [/batata pre-frita|batata chips|batata frita/, '🍟'],
  [/croissant/, '🥐', true],
  [/pao de queijo/, '🥯', true],
  [/baguete|pao frances|bisnaguinha/, '🥖', true],
  [/\bpao\b|broa|^torrada|padaria/, '🍞', true],
  [/agua de coco/, '🥥'],
  [/\bagua\b|mineral/, '🫗'],
  [/suco|nectar/, '🧃'],
  [/cha mate gelado|cafe gelado|cha gelado/, '🧋'],
  [/\bcafes?\b/, '☕'],
  [/\bcha\b/, '🍵'],
  [/cerveja.*pack|pack.*cerveja|pack com 12/, '🍻'],
  [/cerveja/, '🍺'],
  [/espumante/, '🍾'],
  [/vinho/, '🍷'],
  [/cachaca|vodka|destilado/, '🥃'],
  [/\bcoca\b|\bcola\b|guarana|refrigerante|isotonico|energetico|copos? descarta/, '🥤'],
  [/doce de leite|goiabada/, '🍯'],
  [/leite condensado|creme de leite|extrato|molho|milho verde|ervilha|palmito|enlatado|conserva/, '🥫'],
  [/biscoito|bolacha|wafer|cracker|rosquinha/, '🍪'],
  [/achocolatado|chocolate|bombom/, '🍫'],
  [/leite|bebida vegetal|bebida lactea/, '🥛'],
  [/iogurte|coalhada|granola|aveia|cereal|muesli|papinha/, '🥣'],
  [/requeijao|cream cheese/, '🫙'],
  [/^manteiga|margarina/, '🧈'],
  [/queijo|mussarela|parmesao|ricota|frios/, '🧀'],
  [/presunto|peito de peru|salame|mortadela|blanquet|bacon|embutido/, '🥓'],
  [/linguica|salsicha/, '🌭', true],
  [/lombo|bisteca|costelinha|suino/, '🍖', true],
  [/picanha|alcatra|contrafile|patinho|costela|fraldinha|acem|churrasco|carne|acougue/, '🥩', true],
  [/camarao/, '🍤', true],
  [/\blula\b/, '🦑', true],
  [/sardinha|atum|tilapia|merluza|salmao|peixe/, '🐟', true],
  [/\bovos?\b/, '🥚'],
  [/arroz/, '🍚', true],
  [/feijao/, '🫘'],
  [/macarrao|espaguete|talharim|penne|parafuso|\bmassas?\b/, '🍝', true],
  [/azeite|azeitona/, '🫒'],
  [/oleo de|oleos/, '🧴'],
  [/acucar|adocante/, '🫙'],
  [/\bsal\b|tempero/, '🧂'],
  [/ketchup|maionese|mostarda/, '🫙'],
  [/farinha|fuba|polvilho|amido|fermento|trigo/, '🌾'],
  [/\bmel\b/, '🍯'],
  [/pipoca/, '🍿'],
  [/amendoim|castanha/, '🥜'],
  [/salgadinho de milho|milho/, '🌽'],
  [/banana/, '🍌'],
  [/\bmacas?\b/, '🍎'],
  [/laranja/, '🍊'],
  [/limao/, '🍋'],
  [/\buvas?\b/, '🍇'],
  [/manga|mamao/, '🥭'],
  [/melancia/, '🍉'],
  [/abacaxi/, '🍍'],
  [/morango/, '🍓'],
  [/abacate/, '🥑'],
  [/tomate/, '🍅'],
  [/batata-doce|batata doce/, '🍠'],
  [/batata/, '🥔'],
  [/cebola/, '🧅'],
  [/\balho\b/, '🧄'],
  [/cenoura/, '🥕'],
  [/alface|couve|verdura|rucula/, '🥬'],
  [/brocolis/, '🥦'],
  [/abobrinha|chuchu|pepino/, '🥒'],
  [/fruta|hortifruti/, '🍎'],
  [/legume/, '🥕'],
  [/\bgelo\b/, '🧊'],
  [/carvao|fosforo/, '🔥'],
  [/esponja/, '🧽'],
  [/sabonete|sabao|tira-manchas/, '🧼'],
  [/papel higienico|papel toalha|guardanapo|lenco/, '🧻'],
  [/saco de lixo|sacos de lixo/, '🗑️'],
  [/filme pvc|papel-aluminio|aluminio/, '📦'],
  [/creme dental|escova de dentes|fio dental|enxaguante/, '🪥'],
  [/fralda|bebe/, '🍼'],
  [/racao para caes|caes|cachorro/, '🐶'],
  [/gato|areia/, '🐱'],
  [/petisco|\bpet\b/, '🦴'],
  [/pilha/, '🔋'],
  [/lampada/, '💡'],
  [/vela/, '🕯️'],
  [/pano de prato|utilidade/, '🧺'],
  [/limpeza|lavanderia/, '🧴'],
  [/shampoo|condicionador|capilar|pentear|desodorante|protetor|pomada|higiene|cabelo|beleza/, '🧴'],
  [/combo|kit/, '🍕', true],
  [/sobremesa|doce/, '🍰', true],
  [/bebida/, '🥤'],
  [/mercearia|cesta/, '🛒'],
];

// Small props, found anywhere in the name and description (toppings, the fruit of a juice, what
// comes with a combo). Tried in order; the first two that differ from the main emoji are used.
// biome-ignore format: a table, one rule a line
const PROP_RULES: [RegExp, string][] = [
  [/refrigerante|coca-cola|guarana/, '🥤'],
  [/esfiha/, '🫓'],
  [/brocolis/, '🥦'],
  [/champignon/, '🍄'],
  [/atum|sardinha/, '🐟'],
  [/frango/, '🍗'],
  [/bacon|presunto|lombo/, '🥓'],
  [/calabresa|pepperoni|pimenta/, '🌶️'],
  [/tomate/, '🍅'],
  [/manjericao|rucula|hortela|zaatar|cebolinha|escarola|espinafre/, '🌿'],
  [/azeitona/, '🫒'],
  [/cebola/, '🧅'],
  [/ovos?\b/, '🥚'],
  [/milho/, '🌽'],
  [/ervilha/, '🫛'],
  [/\balho\b/, '🧄'],
  [/file mignon|kafta|carne/, '🥩'],
  [/mussarela|queijo|catupiry|provolone|gorgonzola|parmesao|cream cheese|ricota/, '🧀'],
  [/chocolate|brigadeiro|prestigio|avela/, '🍫'],
  [/morango/, '🍓'],
  [/banana/, '🍌'],
  [/coco/, '🥥'],
  [/goiabada/, '🍯'],
  [/laranja/, '🍊'],
  [/\buvas?\b/, '🍇'],
  [/maracuja|manga|pessego/, '🥭'],
  [/limao/, '🍋'],
  [/caramelo|doce de leite|mel\b/, '🍯'],
  [/sorvete/, '🍨'],
  [/cafe/, '☕'],
  [/com manteiga|de manteiga|manteiga francesa/, '🧈'],
  [/gelo\b|gelada|gelado/, '🧊'],
  [/churrasco|carvao/, '🔥'],
  [/caes/, '🦴'],
  [/gatos/, '🐟'],
  [/dentes|dental/, '🫧'],
  [/sabao|sabonete|detergente|shampoo|amaciante|desinfetante|sanitaria/, '🫧'],
  [/solar|praia/, '☀️'],
];

// Bowls, packaged goods and drinks get no plate whatever their rule says.
const NEVER_PLATED = new Set([
  '🍚',
  '🍲',
  '🥣',
  '🥘',
  '🍱',
  '🍨',
  '🥤',
  '🧃',
  '🫗',
  '🥫',
  '🧴',
  '🧼',
  '🧽',
  '🧻',
  '🪥',
  '🍼',
  '🐶',
  '🐱',
  '🦴',
  '🔋',
  '💡',
  '🕯️',
  '🧺',
  '🗑️',
  '📦',
  '🛒',
]);

/** The main emoji and its plate flag that a rule gives a name (a product's or a category's), or undefined when no rule matches it. */
export function ruleFor(name: string): { main: string; plate: boolean } | undefined {
  const text = fold(name);
  for (const [re, main, plate] of MAIN_RULES) if (re.test(text)) return { main, plate: plate === true && !NEVER_PLATED.has(main) };
  return undefined;
}

/**
 * The picture's subject for one product: the main emoji from its name (else its category's name,
 * else the fallback: a shopping cart for a store, a plate of food for a restaurant) and up to two
 * props from its name and description. Example: 'Pizza Marguerita' with 'Mussarela de búfala,
 * tomate fresco, manjericão...' -> 🍕 with 🍅 and 🌿, on a plate.
 */
export function subjectFor(product: { name: string; desc?: string }, category: { name: string }, kind: 'Restaurant' | 'Store' = 'Restaurant'): Subject {
  const name = fold(product.name);
  const found = ruleFor(product.name) ?? ruleFor(category.name) ?? (kind === 'Store' ? { main: '🛒', plate: false } : { main: '🍲', plate: true });
  const props: string[] = [];
  const text = `${name} ${fold(product.desc ?? '')}`;
  for (const [re, prop] of PROP_RULES) {
    if (props.length === 2) break;
    if (prop !== found.main && !props.includes(prop) && re.test(text)) props.push(prop);
  }
  return { main: found.main, props, plate: found.plate };
}

/** Every emoji the rules can name (for the test that each one exists in the set). */
export function everyRuleEmoji(): string[] {
  return [...new Set([...MAIN_RULES.map(([, e]) => e), ...PROP_RULES.map(([, e]) => e), '🛒', '🍲'])];
}

/** A short stable file name for a subject: its emoji's code points, e.g. '1f355-1f345-1f33f' (plate marked with 'p'). */
export function subjectKey(s: Subject): string {
  const code = (e: string) =>
    [...e]
      .map((c) => c.codePointAt(0)!)
      .filter((cp) => cp !== 0xfe0f)
      .map((cp) => cp.toString(16))
      .join('_');
  return [code(s.main), ...s.props.map(code)].join('-') + (s.plate ? 'p' : '');
}
