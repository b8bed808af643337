// A large generated catalogue for load and paging tests: company/establishment `hiper-demo`,
// 600 products in 40 categories, deterministic (seeded PRNG): product types x brands x sizes.
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';
import { DELIVERY_PAYMENTS, PICKUP_PAYMENTS, VOUCHER_PAYMENTS, everyDay, type CategoryIn, type ProductIn } from './common.ts';

/** mulberry32: small, fast, deterministic PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Category: name, product types, sizes [label, price factor], base price (centavos), description template. */
type Spec = [name: string, types: string[], sizes: [string, number][], base: number, desc: string];

// biome-ignore format: a table, one category a line
const SPECS: Spec[] = [
  ['Arroz e Feijão', ['Arroz Branco Tipo 1', 'Arroz Parboilizado', 'Arroz Integral', 'Feijão Carioca', 'Feijão Preto', 'Feijão Fradinho'], [['1 kg', 1], ['2 kg', 1.9], ['5 kg', 4.4]], 699, 'Grãos selecionados, safra nova.'],
  ['Massas', ['Macarrão Espaguete', 'Macarrão Parafuso', 'Macarrão Penne', 'Lasanha Pré-cozida', 'Talharim com Ovos', 'Macarrão Instantâneo'], [['500 g', 1], ['1 kg', 1.85]], 499, 'Massa de sêmola, cozimento rápido.'],
  ['Molhos e Temperos', ['Molho de Tomate', 'Extrato de Tomate', 'Tempero Completo', 'Caldo de Galinha', 'Maionese', 'Ketchup', 'Mostarda'], [['200 g', 1], ['340 g', 1.4], ['500 g', 1.9]], 349, 'Para deixar sua receita mais saborosa.'],
  ['Óleos e Azeites', ['Óleo de Soja', 'Óleo de Girassol', 'Azeite Extravirgem', 'Óleo de Canola', 'Azeite de Dendê'], [['500 ml', 1], ['900 ml', 1.6]], 799, 'Ideal para frituras e saladas.'],
  ['Açúcar e Adoçantes', ['Açúcar Refinado', 'Açúcar Cristal', 'Açúcar Mascavo', 'Açúcar Demerara', 'Adoçante Líquido'], [['500 g', 1], ['1 kg', 1.8], ['5 kg', 8]], 399, 'Para o dia a dia da sua cozinha.'],
  ['Café e Chás', ['Café Torrado e Moído', 'Café em Grãos', 'Café Solúvel', 'Chá de Camomila', 'Chá Verde', 'Chá Mate'], [['250 g', 1], ['500 g', 1.9]], 1190, 'Aroma intenso, do jeito que o brasileiro gosta.'],
  ['Biscoitos', ['Biscoito Recheado de Chocolate', 'Biscoito Cream Cracker', 'Biscoito de Maisena', 'Biscoito Wafer de Morango', 'Rosquinha de Coco', 'Biscoito de Polvilho'], [['100 g', 1], ['140 g', 1.3], ['400 g', 3]], 299, 'Crocante e irresistível.'],
  ['Farinhas e Fermentos', ['Farinha de Trigo', 'Farinha de Mandioca', 'Fubá Mimoso', 'Fermento em Pó', 'Amido de Milho', 'Polvilho Azedo'], [['500 g', 1], ['1 kg', 1.8]], 459, 'Para pães, bolos e receitas de família.'],
  ['Enlatados e Conservas', ['Milho Verde', 'Ervilha', 'Sardinha em Óleo', 'Atum Sólido', 'Palmito Pupunha', 'Azeitona Verde'], [['170 g', 1], ['300 g', 1.6]], 549, 'Prático e pronto para usar.'],
  ['Cereais Matinais', ['Granola Tradicional', 'Aveia em Flocos', 'Cereal de Milho', 'Cereal de Chocolate', 'Muesli com Frutas'], [['250 g', 1], ['500 g', 1.8], ['1 kg', 3.3]], 790, 'Para um café da manhã completo.'],
  ['Doces e Sobremesas', ['Doce de Leite', 'Goiabada Cascão', 'Leite Condensado', 'Creme de Leite', 'Gelatina de Morango', 'Pudim em Pó'], [['200 g', 1], ['395 g', 1.7]], 449, 'Para adoçar a vida.'],
  ['Chocolates', ['Chocolate ao Leite', 'Chocolate Meio Amargo', 'Chocolate Branco', 'Bombom Sortido', 'Chocolate 70% Cacau'], [['90 g', 1], ['170 g', 1.8], ['1 kg', 8.5]], 699, 'Cremoso e feito com cacau selecionado.'],
  ['Snacks', ['Batata Chips', 'Amendoim Japonês', 'Pipoca de Micro-ondas', 'Salgadinho de Milho', 'Mix de Castanhas'], [['50 g', 1], ['100 g', 1.8], ['200 g', 3.2]], 490, 'Para petiscar a qualquer hora.'],
  ['Refrigerantes', ['Refrigerante de Cola', 'Refrigerante de Guaraná', 'Refrigerante de Laranja', 'Refrigerante de Limão', 'Refrigerante Zero Açúcar'], [['350 ml', 1], ['600 ml', 1.5], ['2 L', 2.3]], 449, 'Sirva bem gelado.'],
  ['Sucos e Néctares', ['Suco de Uva Integral', 'Néctar de Pêssego', 'Néctar de Manga', 'Suco de Laranja', 'Suco de Maracujá Concentrado'], [['200 ml', 1], ['1 L', 3.4], ['1,5 L', 4.6]], 299, 'Feito com frutas selecionadas.'],
  ['Águas', ['Água Mineral sem Gás', 'Água Mineral com Gás', 'Água Saborizada de Limão', 'Água de Coco'], [['500 ml', 1], ['1,5 L', 1.7], ['5 L', 3.8]], 249, 'Leve e refrescante.'],
  ['Cervejas', ['Cerveja Pilsen', 'Cerveja Puro Malte', 'Cerveja IPA', 'Cerveja de Trigo', 'Cerveja sem Álcool'], [['lata 350 ml', 1], ['long neck 355 ml', 1.4], ['pack 12 latas', 10.5]], 399, 'Venda proibida para menores de 18 anos.'],
  ['Vinhos e Destilados', ['Vinho Tinto Seco', 'Vinho Branco Suave', 'Espumante Brut', 'Cachaça Artesanal', 'Vodka Tradicional'], [['750 ml', 1], ['1 L', 1.3]], 2990, 'Aprecie com moderação. Proibido para menores de 18 anos.'],
  ['Leites', ['Leite Integral', 'Leite Desnatado', 'Leite Semidesnatado', 'Leite sem Lactose', 'Bebida Vegetal de Aveia'], [['1 L', 1], ['caixa com 12', 11]], 549, 'Longa vida, rico em cálcio.'],
  ['Iogurtes', ['Iogurte Natural', 'Iogurte Grego', 'Iogurte de Morango', 'Bebida Láctea de Frutas', 'Coalhada Seca'], [['170 g', 1], ['500 g', 2.5], ['1 kg', 4.4]], 349, 'Cremoso e nutritivo.'],
  ['Queijos', ['Queijo Mussarela', 'Queijo Prato', 'Queijo Minas Frescal', 'Queijo Parmesão', 'Queijo Coalho', 'Ricota Fresca'], [['150 g', 1], ['300 g', 1.9], ['500 g', 3]], 890, 'Conservar refrigerado.'],
  ['Frios e Embutidos', ['Presunto Cozido', 'Peito de Peru Defumado', 'Salame Italiano', 'Mortadela', 'Blanquet de Peru'], [['100 g', 1], ['200 g', 1.9]], 690, 'Fatiado na hora.'],
  ['Manteigas e Margarinas', ['Manteiga com Sal', 'Manteiga sem Sal', 'Margarina Cremosa', 'Requeijão Cremoso', 'Cream Cheese'], [['200 g', 1], ['500 g', 2.2]], 799, 'Para passar no pão quentinho.'],
  ['Carnes Bovinas', ['Alcatra', 'Contrafilé', 'Patinho Moído', 'Costela Bovina', 'Fraldinha', 'Acém em Cubos'], [['500 g', 1], ['1 kg', 1.95]], 2490, 'Embalado a vácuo.'],
  ['Aves', ['Peito de Frango', 'Coxa e Sobrecoxa', 'Filé de Sassami', 'Asa de Frango', 'Frango Inteiro'], [['1 kg', 1], ['2 kg', 1.9]], 1390, 'Resfriado, pronto para o preparo.'],
  ['Suínos e Linguiças', ['Linguiça Toscana', 'Linguiça Calabresa', 'Lombo Suíno', 'Bisteca Suína', 'Costelinha Suína'], [['500 g', 1], ['1 kg', 1.9]], 1490, 'Ótimo para churrasco.'],
  ['Peixes e Frutos do Mar', ['Filé de Tilápia', 'Filé de Merluza', 'Camarão Limpo', 'Salmão em Posta', 'Lula em Anéis'], [['400 g', 1], ['800 g', 1.9]], 2290, 'Congelado individualmente.'],
  ['Congelados Prontos', ['Lasanha à Bolonhesa', 'Pizza de Mussarela', 'Escondidinho de Carne', 'Nuggets de Frango', 'Pão de Queijo', 'Hambúrguer Bovino'], [['300 g', 1], ['600 g', 1.8], ['1 kg', 2.7]], 1290, 'Do freezer para a mesa em minutos.'],
  ['Sorvetes', ['Sorvete de Creme', 'Sorvete de Chocolate', 'Sorvete Napolitano', 'Picolé de Frutas', 'Açaí com Guaraná'], [['500 ml', 1], ['1,5 L', 2.4], ['2 L', 2.9]], 1190, 'Cremoso e refrescante.'],
  ['Frutas', ['Banana-prata', 'Maçã Fuji', 'Laranja-pera', 'Uva sem Semente', 'Mamão Formosa', 'Manga Palmer'], [['500 g', 1], ['1 kg', 1.9]], 499, 'Selecionada todas as manhãs.'],
  ['Legumes e Verduras', ['Tomate Italiano', 'Batata Inglesa', 'Cebola Roxa', 'Cenoura', 'Abobrinha', 'Brócolis Ninja'], [['500 g', 1], ['1 kg', 1.9]], 399, 'Fresquinho, direto do produtor.'],
  ['Padaria', ['Pão de Forma', 'Pão Integral', 'Bisnaguinha', 'Torrada Tradicional', 'Bolo de Laranja', 'Panetone'], [['300 g', 1], ['500 g', 1.6]], 799, 'Macio e fresquinho.'],
  ['Limpeza da Casa', ['Detergente Neutro', 'Desinfetante de Lavanda', 'Limpador Multiuso', 'Água Sanitária', 'Limpa-vidros'], [['500 ml', 1], ['1 L', 1.7], ['2 L', 3]], 349, 'Limpeza eficiente para toda a casa.'],
  ['Lavanderia', ['Sabão em Pó', 'Sabão Líquido', 'Amaciante Concentrado', 'Alvejante sem Cloro', 'Tira-manchas'], [['500 g', 1], ['1 kg', 1.8], ['2 kg', 3.3]], 990, 'Roupas limpas e perfumadas.'],
  ['Descartáveis', ['Papel Toalha', 'Guardanapo de Papel', 'Filme PVC', 'Papel-alumínio', 'Saco de Lixo'], [['unidade', 1], ['pacote com 2', 1.8], ['pacote com 4', 3.3]], 499, 'Praticidade para o dia a dia.'],
  ['Higiene Pessoal', ['Sabonete em Barra', 'Creme Dental', 'Escova de Dentes', 'Fio Dental', 'Desodorante Roll-on', 'Enxaguante Bucal'], [['unidade', 1], ['kit com 3', 2.7]], 399, 'Cuidado diário para toda a família.'],
  ['Cabelos', ['Shampoo Hidratante', 'Condicionador Nutritivo', 'Máscara Capilar', 'Creme para Pentear', 'Óleo Capilar'], [['200 ml', 1], ['350 ml', 1.5], ['1 L', 3.6]], 1290, 'Para cabelos macios e brilhantes.'],
  ['Bebês', ['Fralda Descartável', 'Lenço Umedecido', 'Pomada para Assaduras', 'Shampoo Infantil', 'Papinha de Frutas'], [['P', 1], ['M', 1.1], ['G', 1.2]], 1690, 'Cuidado especial para o seu bebê.'],
  ['Pet', ['Ração para Cães Adultos', 'Ração para Gatos', 'Petisco para Cães', 'Areia Higiênica', 'Sachê para Gatos'], [['1 kg', 1], ['3 kg', 2.7], ['10 kg', 8]], 1990, 'Nutrição completa para o seu pet.'],
  ['Utilidades Domésticas', ['Pilha Alcalina AA', 'Lâmpada LED 9 W', 'Vela Aromática', 'Fósforo Longo', 'Pano de Prato'], [['unidade', 1], ['pacote com 4', 3.4]], 890, 'Itens úteis para a sua casa.'],
];

const BRANDS: [string, number][] = [
  ['Bom Gosto', 1],
  ['Serra Azul', 1.08],
  ['Vale Verde', 0.95],
  ['Dona Clara', 1.12],
  ['Sabor da Terra', 1.04],
  ['Tio Zé', 0.9],
  ['Campo Belo', 1],
  ['Primor do Sul', 1.15],
  ['Mar Aberto', 1.06],
  ['Nobre', 1.2],
  ['Estrela da Manhã', 0.97],
  ['Raízes', 1.1],
];

const ADJECTIVES = [
  'Qualidade garantida pela marca',
  'Um clássico das despensas brasileiras',
  'Preferido dos nossos clientes',
  'Ótimo custo-benefício',
  'Produto nacional',
  'Embalagem econômica',
];

/** 'Açúcar Refinado Dona Clara 1 kg' -> 'acucar-refinado-dona-clara-1-kg'. */
export function slugify(s: string, max = 64): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
}

/** Rounds centavos to a shelf price ending in 9 (R$ 12,49 / R$ 12,99 style). */
const shelfPrice = (cents: number) => Math.max(99, Math.round(cents / 50) * 50 - 1);

export interface LargeOptions {
  seed?: number;
  categories?: number;
  productsPerCategory?: number;
}

/** Builds the `hiper-demo` catalogue: 40 categories x 15 products by default. */
export function buildHiperDemo(opts: LargeOptions = {}): CatalogueInput {
  const rand = mulberry32(opts.seed ?? 20240601);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const nCategories = Math.min(opts.categories ?? 40, SPECS.length);
  const perCategory = opts.productsPerCategory ?? 15;
  const usedKeys = new Set<string>();
  const categories: CategoryIn[] = SPECS.slice(0, nCategories).map(([name, types, sizes, base, desc]) => {
    const combos: [string, [string, number], [string, number]][] = [];
    for (const t of types) for (const b of BRANDS) for (const s of sizes) combos.push([t, b, s]);
    // Deterministic shuffle (Fisher-Yates) and take the first perCategory combinations.
    for (let i = combos.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [combos[i], combos[j]] = [combos[j]!, combos[i]!];
    }
    const products: ProductIn[] = combos.slice(0, perCategory).map(([t, [brand, brandFactor], [size, sizeFactor]], pi) => {
      const productName = `${t} ${brand} ${size}`;
      let key = slugify(productName, 60);
      for (let n = 2; usedKeys.has(key); n++) key = `${slugify(productName, 56)}-${n}`;
      usedKeys.add(key);
      const price = shelfPrice(base * sizeFactor * brandFactor * (0.9 + rand() * 0.25));
      const p: ProductIn = {
        _id: key,
        name: productName,
        desc: `${t} da marca ${brand}, ${size}. ${desc} ${pick(ADJECTIVES)}.`,
        price,
      };
      const roll = rand();
      if (roll < 0.12) {
        p.promo = true;
        p.normal_price = price;
        p.price = shelfPrice(price * (0.75 + rand() * 0.15));
        if (p.price >= p.normal_price) p.price = p.normal_price - 100;
      } else if (roll < 0.16) {
        p.starting_price = true;
        p.variations = [
          {
            _id: 'quantidade',
            name: 'Quantidade',
            layout: 'check',
            min: 1,
            max: 1,
            price_rule: 1,
            items: [
              { _id: 'uma', name: '1 unidade', price: 0 },
              { _id: 'duas', name: '2 unidades', price: price },
              { _id: 'tres', name: '3 unidades (leve 3, pague 2,5)', price: Math.round(price * 1.5) },
            ],
          },
        ];
      }
      if (/Congelados|Sorvetes|Peixes|Carnes|Aves|Suínos/.test(name)) p.packing_quantity = 1;
      if (name === 'Sorvetes' && pi % 3 === 0) p.delivery_type = ['pickup'];
      return p;
    });
    return { _id: slugify(name), name, desc: `${products.length} produtos de ${name.toLowerCase()}.`, products };
  });

  return {
    company: { slug: 'hiper-demo', name: 'Hiper Demo' },
    establishment: {
      slug: 'hiper-demo',
      name: 'Hiper Demo',
      kind: 'Store',
      phone: '1932345678',
      address: {
        street: 'Avenida Brasil',
        number: '1500',
        neighborhood: 'Jardim Guanabara',
        city: 'Campinas',
        state: 'SP',
        zip: '13070-178',
        lng_lat: [-47.0653, -22.8884],
      },
      design: { theme: 'light', navbarcolor: '#1864ab', primary: '#1971c2', darkprimary: '#0b4f8a', primaryinverse: '#ffffff' },
      office_hours: everyDay(700, 2300),
      preferences: {
        title: 'Hiper Demo — catálogo grande de demonstração',
        // The demo of an establishment's own analytics (its consent banner; bench:pages measures this home with them).
        ga4_measurement_id: 'G-HIPERDEMO1',
        meta_pixel_id: '100000000000001',
        desc: 'Hipermercado de demonstração com 600 produtos em 40 departamentos, gerados automaticamente para testes de carga e paginação.',
        min_order: 5000,
        has_delivery_payment: true,
        has_pix_payment: true,
        use_packing_fee: true,
        use_packing_fee_products: true,
        packing_price: 100,
        delivery_type: ['delivery', 'pickup'],
        delivery_radius: 10000,
        delivery_bands: [
          { up_to_meters: 3000, price: 590 },
          { up_to_meters: 6000, price: 990 },
          { up_to_meters: 10000, price: 1590 },
        ],
        delivery_payment_methods: [...DELIVERY_PAYMENTS, ...VOUCHER_PAYMENTS],
        pickup_payment_methods: PICKUP_PAYMENTS,
        max_days_scheduling: 5,
      },
    },
    categories,
    order_variations: [],
  };
}
