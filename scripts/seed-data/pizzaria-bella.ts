// Demo restaurant: Pizzaria Bella, Vila Madalena, São Paulo. Half-and-half pizzas (rule 4),
// a sweet half-and-half (rule 2), calzone with two fillings (rule 5), an esfiha box charged at
// the priciest flavour (rule 6), promos, 'a partir de' prices, a hidden price, pickup-only and
// delivery-only products, packing fee, and a product whose text exercises HTML escaping.
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';
import { DELIVERY_PAYMENTS, PICKUP_PAYMENTS, addremove, checks, items, product, promo, radio, type ItemIn, type ProductIn } from './common.ts';

/** Savoury flavours: key, name, price of a média (6 slices) in centavos, toppings. */
const SAVOURY: [string, string, number, string][] = [
  ['mussarela', 'Mussarela', 4490, 'Molho de tomate artesanal, mussarela, rodelas de tomate e orégano.'],
  ['marguerita', 'Marguerita', 4690, 'Mussarela de búfala, tomate fresco, manjericão e azeite extravirgem.'],
  ['calabresa', 'Calabresa', 4590, 'Calabresa fatiada, cebola roxa, azeitonas pretas e orégano.'],
  ['baiana', 'Baiana', 4990, 'Calabresa moída apimentada, ovos, cebola e pimenta biquinho.'],
  ['napolitana', 'Napolitana', 4890, 'Mussarela, tomate, parmesão ralado na hora e manjericão.'],
  ['portuguesa', 'Portuguesa', 5290, 'Presunto, ovos, cebola, ervilha, palmito, mussarela e azeitonas.'],
  ['frango-catupiry', 'Frango com Catupiry', 5190, 'Frango desfiado temperado com o legítimo Catupiry® e milho.'],
  ['brocolis-bacon', 'Brócolis com Bacon', 5290, 'Brócolis refogado no alho, bacon crocante e mussarela.'],
  ['atum', 'Atum', 5390, 'Atum sólido, cebola, azeitonas e mussarela.'],
  ['quatro-queijos', 'Quatro Queijos', 5490, 'Mussarela, provolone, parmesão e gorgonzola.'],
  ['palmito', 'Palmito', 5490, 'Palmito pupunha, mussarela, tomate e azeitonas verdes.'],
  ['lombo', 'Lombo Canadense', 5590, 'Lombo canadense defumado, cream cheese e cebolinha.'],
  ['rucula-tomate-seco', 'Rúcula com Tomate Seco', 5590, 'Mussarela de búfala, tomate seco e rúcula fresca.'],
  ['pepperoni', 'Pepperoni', 5790, 'Pepperoni fatiado fininho sobre mussarela gratinada.'],
  ['file-mignon', 'Filé Mignon', 6990, 'Tiras de filé mignon, champignon, cebola e mussarela.'],
];

const SIZES = radio(
  'tamanho',
  'Tamanho',
  1,
  items(['media', 'Média (6 fatias, 30 cm)', 0], ['grande', 'Grande (8 fatias, 35 cm)', 1200], ['familia', 'Família (12 fatias, 40 cm)', 2200]),
);

const CRUST = checks(
  'borda',
  'Borda recheada',
  0,
  1,
  1,
  items(['catupiry', 'Catupiry', 900], ['cheddar', 'Cheddar', 900], ['cream-cheese', 'Cream cheese', 1100], ['chocolate', 'Chocolate', 1000]),
);

const EXTRAS = addremove(
  'adicionais',
  'Adicionais',
  0,
  5,
  1,
  items(
    ['bacon', 'Bacon extra', 500],
    ['catupiry-extra', 'Catupiry extra', 600],
    ['azeitona', 'Azeitonas', 300],
    ['cebola-caramelizada', 'Cebola caramelizada', 400],
    ['ovo', 'Ovo cozido', 250],
  ),
);

/**
 * 'Sabores' of one pizza: its own flavour first (0), picked when the pizza is opened, every other
 * one at the difference when dearer. Rule 4: the dearest half wins.
 */
function flavoursFor(ownKey: string, ownPrice: number): ItemIn[] {
  const own = SAVOURY.find(([k]) => k === ownKey)!;
  const others = SAVOURY.filter(([k]) => k !== ownKey);
  return [own, ...others].map(([k, name, price, desc]) => ({
    _id: k,
    name,
    desc,
    price: Math.max(0, price - ownPrice),
    item_preffix: '1/2',
    ...(k === ownKey ? { qnt: 1 } : {}),
  }));
}

function savouryPizza(key: string, extra: Partial<ProductIn> = {}): ProductIn {
  const [, name, price, desc] = SAVOURY.find(([k]) => k === key)!;
  return product(`pizza-${key}`, `Pizza ${name}`, price, `${desc} Pode ser meio a meio: cobramos o sabor de maior valor.`, {
    starting_price: true,
    packing_quantity: 1,
    variations: [SIZES, { _id: 'sabores', name: 'Sabores', layout: 'check', min: 1, max: 2, price_rule: 4, items: flavoursFor(key, price) }, CRUST, EXTRAS],
    ...extra,
  });
}

const SWEET_FLAVOURS = items(
  ['chocolate-morango', 'Chocolate com morango', 600],
  ['brigadeiro', 'Brigadeiro com granulado', 400],
  ['romeu-julieta', 'Romeu e Julieta (goiabada com queijo)', 300],
  ['banana-canela', 'Banana com canela e açúcar', 0],
  ['prestigio', 'Prestígio (chocolate com coco)', 500],
  ['avela-morango', 'Creme de avelã com morango', 900],
);

const SWEET_SIZE = radio('tamanho', 'Tamanho', 1, items(['broto', 'Broto (4 fatias)', 0], ['media', 'Média (6 fatias)', 1000]));

const sweetPizza = (key: string, name: string, price: number, desc: string, extra: Partial<ProductIn> = {}) =>
  product(`pizza-doce-${key}`, `Pizza Doce ${name}`, price, desc, { starting_price: true, packing_quantity: 1, variations: [SWEET_SIZE], ...extra });

const ESFIHA_FLAVOURS = items(
  ['carne', 'Carne', 0, 'Carne moída temperada com tomate, cebola e limão.'],
  ['queijo', 'Queijo', 0, 'Mussarela e orégano.'],
  ['zaatar', 'Zaatar', 0, 'Tempero árabe de tomilho, gergelim e azeite.'],
  ['calabresa', 'Calabresa', 50, 'Calabresa moída com cebola.'],
  ['frango-catupiry', 'Frango com catupiry', 100, 'Frango desfiado e Catupiry.'],
  ['kafta', 'Kafta', 200, 'Carne com hortelã e especiarias.'],
);

const pizzasSalgadas: ProductIn[] = [
  savouryPizza('mussarela'),
  savouryPizza('marguerita'),
  savouryPizza('calabresa', { promo: true, price: 3990, normal_price: 4590, note: 'Promoção válida para a pizza média.' }),
  savouryPizza('baiana'),
  savouryPizza('napolitana'),
  savouryPizza('portuguesa'),
  savouryPizza('frango-catupiry'),
  savouryPizza('brocolis-bacon'),
  savouryPizza('atum'),
  savouryPizza('quatro-queijos', { promo: true, price: 4790, normal_price: 5490 }),
  savouryPizza('palmito'),
  savouryPizza('lombo'),
  savouryPizza('rucula-tomate-seco'),
  savouryPizza('pepperoni'),
  savouryPizza('file-mignon'),
];

const pizzasDoces: ProductIn[] = [
  sweetPizza('chocolate-morango', 'Chocolate com Morango', 4290, 'Chocolate ao leite derretido e morangos frescos.'),
  sweetPizza('brigadeiro', 'Brigadeiro', 3990, 'Brigadeiro cremoso de panela coberto com granulado belga.'),
  sweetPizza('romeu-julieta', 'Romeu e Julieta', 3890, 'Goiabada cascão derretida sobre queijo minas.'),
  sweetPizza('banana-canela', 'Banana com Canela', 3590, 'Banana-prata, açúcar mascavo, canela e leite condensado.'),
  sweetPizza('prestigio', 'Prestígio', 4190, 'Chocolate meio amargo com coco ralado fresco.'),
  product('pizza-doce-meio-a-meio', 'Pizza Doce Meio a Meio', 3590, 'Escolha até dois sabores doces: o acréscimo é a média dos sabores escolhidos.', {
    starting_price: true,
    packing_quantity: 1,
    variations: [SWEET_SIZE, { _id: 'sabores', name: 'Sabores', layout: 'check', min: 1, max: 2, price_rule: 2, items: SWEET_FLAVOURS }],
  }),
];

const esfihas: ProductIn[] = [
  product('esfiha-carne', 'Esfiha de Carne', 690, 'Esfiha aberta de carne moída temperada com limão e especiarias.'),
  product('esfiha-queijo', 'Esfiha de Queijo', 690, 'Massa fininha com mussarela gratinada e orégano.'),
  product('esfiha-calabresa', 'Esfiha de Calabresa', 740, 'Calabresa moída com cebola e um toque de pimenta.'),
  product('esfiha-frango-catupiry', 'Esfiha de Frango com Catupiry', 790, 'Frango desfiado e Catupiry cremoso.'),
  product('esfiha-escarola', 'Esfiha de Escarola', 750, 'Escarola refogada no alho com mussarela e bacon.'),
  product('esfiha-zaatar', 'Esfiha de Zaatar', 650, 'Tempero árabe com azeite, tomilho e gergelim torrado.'),
  product('esfiha-kafta', 'Esfiha de Kafta', 890, 'Carne com hortelã, cebola e coalhada seca.'),
  product('esfiha-chocolate', 'Esfiha de Chocolate', 790, 'Chocolate ao leite com granulado.'),
  product('esfiha-fechada-ricota', 'Esfiha Fechada de Ricota com Espinafre', 820, 'Esfiha fechada e assada na hora.'),
  product('kit-6-esfihas', 'Kit 6 Esfihas à Escolha', 3900, 'Monte seu kit com 6 esfihas. Cobramos o sabor de maior valor multiplicado pela quantidade.', {
    starting_price: true,
    packing_quantity: 1,
    variations: [addremove('sabores', 'Sabores (6 unidades)', 6, 6, 6, ESFIHA_FLAVOURS)],
  }),
];

const calzones: ProductIn[] = [
  product('calzone-calabresa', 'Calzone de Calabresa', 3490, 'Calabresa, mussarela e cebola, fechado e assado no forno a lenha.', { packing_quantity: 1 }),
  product('calzone-frango', 'Calzone de Frango com Catupiry', 3690, 'Frango desfiado, Catupiry e milho.', { packing_quantity: 1 }),
  product('calzone-quatro-queijos', 'Calzone Quatro Queijos', 3890, 'Mussarela, provolone, parmesão e gorgonzola.', { packing_quantity: 1 }),
  product('calzone-portuguesa', 'Calzone Portuguesa', 3790, 'Presunto, ovos, cebola, palmito e mussarela.', { packing_quantity: 1 }),
  product('calzone-dois-recheios', 'Calzone Dois Recheios', 3490, 'Metade de cada recheio. Promoção da casa: cobramos apenas o menor acréscimo.', {
    starting_price: true,
    packing_quantity: 1,
    variations: [
      checks(
        'recheios',
        'Recheios',
        2,
        2,
        5,
        items(
          ['calabresa', 'Calabresa', 0],
          ['frango', 'Frango com Catupiry', 300],
          ['portuguesa', 'Portuguesa', 400],
          ['quatro-queijos', 'Quatro queijos', 500],
          ['file', 'Filé mignon com champignon', 1200],
        ),
      ),
    ],
  }),
];

const bebidas: ProductIn[] = [
  product('coca-cola-2l', 'Coca-Cola 2 L', 1490, 'Refrigerante gelado, garrafa PET 2 litros.'),
  product('coca-cola-lata', 'Coca-Cola Lata 350 ml', 690, 'Lata gelada.'),
  product('guarana-2l', 'Guaraná Antarctica 2 L', 1290, 'Refrigerante de guaraná, garrafa 2 litros.'),
  product('guarana-lata', 'Guaraná Antarctica Lata 350 ml', 650, 'Lata gelada.'),
  product('suco-laranja', 'Suco Natural de Laranja 500 ml', 1190, 'Espremido na hora, sem açúcar.', {
    variations: [radio('gelo', 'Gelo', 1, items(['com-gelo', 'Com gelo', 0], ['sem-gelo', 'Sem gelo', 0]))],
  }),
  product('suco-uva', 'Suco de Uva Integral 1 L', 1590, 'Suco de uva 100% integral, sem adição de açúcar.'),
  product('agua-sem-gas', 'Água Mineral sem Gás 500 ml', 450, 'Garrafa 500 ml.'),
  product('agua-com-gas', 'Água Mineral com Gás 500 ml', 500, 'Garrafa 500 ml.'),
  product('cerveja-long-neck', 'Cerveja Heineken Long Neck 330 ml', 1090, 'Venda proibida para menores de 18 anos.'),
  product('vinho-tinto-reserva', 'Vinho Tinto Reserva da Casa', 8900, 'Rótulo selecionado pelo nosso sommelier; consulte a safra disponível pelo telefone.', {
    hide_price: true,
  }),
];

const sobremesas: ProductIn[] = [
  product('petit-gateau', 'Petit Gâteau com Sorvete', 2290, 'Bolinho de chocolate com recheio cremoso e sorvete de creme.'),
  product('pudim', 'Pudim de Leite Condensado', 1290, 'Fatia generosa com calda de caramelo.'),
  product('mousse-maracuja', 'Mousse de Maracujá', 1190, 'Mousse aerado com calda da fruta.'),
  promo('brownie-sorvete', 'Brownie com Sorvete', 1590, 1990, 'Brownie de chocolate meio amargo, sorvete de creme e calda quente.'),
  product('torta-holandesa', 'Torta Holandesa (fatia)', 1690, 'Creme de baunilha, base de biscoito e cobertura de chocolate.'),
  product('sorvete-massa-1-5l', 'Sorvete de Massa 1,5 L', 3490, 'Pote de 1,5 L. Só para retirada no balcão: sorvete não viaja bem!', {
    delivery_type: ['pickup'],
    variations: [
      checks(
        'sabores',
        'Sabores',
        1,
        2,
        1,
        items(['creme', 'Creme', 0], ['chocolate', 'Chocolate', 0], ['flocos', 'Flocos', 0], ['pistache', 'Pistache', 800]),
      ),
    ],
  }),
];

const combos: ProductIn[] = [
  promo('combo-casal', 'Combo Casal', 7990, 9080, 'Uma pizza grande de até dois sabores tradicionais + Guaraná Antarctica 2 L.', { packing_quantity: 1 }),
  product('combo-familia', 'Combo Família', 11990, 'Duas pizzas grandes + Coca-Cola 2 L. Sabores especiais têm acréscimo por pizza.', {
    starting_price: true,
    packing_quantity: 2,
    variations: [
      addremove(
        'pizzas',
        'Pizzas do combo',
        2,
        2,
        1,
        items(
          ['mussarela', 'Mussarela', 0],
          ['calabresa', 'Calabresa', 0],
          ['portuguesa', 'Portuguesa', 500],
          ['quatro-queijos', 'Quatro Queijos', 700],
          ['file-mignon', 'Filé Mignon', 1500],
        ),
      ),
    ],
  }),
  product(
    'combo-esfihas',
    'Combo 12 Esfihas + Refrigerante',
    8490,
    '12 esfihas tradicionais sortidas (carne, queijo, calabresa e zaatar) + refrigerante 2 L.',
    { packing_quantity: 2 },
  ),
  product('combo-balcao', 'Combo Balcão', 5990, 'Pizza média de qualquer sabor tradicional + lata. Exclusivo para retirada no balcão.', {
    delivery_type: ['pickup'],
    packing_quantity: 1,
  }),
  product(
    'combo-2-por-1',
    'Combo "2 por 1" <Terça> & Cia',
    8990,
    'Promoção "2 por 1" <imperdível> & </script><script>alert("xss")</script> — duas pizzas grandes pelo preço de uma. Só para entrega.',
    {
      delivery_type: ['delivery'],
      packing_quantity: 2,
      promo: true,
      normal_price: 13980,
    },
  ),
  product(
    'combo-festa',
    'Combo Festa (40 esfihas + 2 refrigerantes)',
    24990,
    'Para festas e reuniões: 40 esfihas sortidas e dois refrigerantes 2 L. Encomende com pelo menos 4 horas de antecedência.',
    {
      mandatory_schedule: true,
      min_schedule_time: 4,
      packing_quantity: 4,
    },
  ),
];

export const pizzariaBella: CatalogueInput = {
  company: { slug: 'pizzaria-bella', name: 'Pizzaria Bella' },
  establishment: {
    slug: 'pizzaria-bella',
    name: 'Pizzaria Bella',
    kind: 'Restaurant',
    is_open: 'auto',
    phone: '1138124455',
    address: {
      street: 'Rua Harmonia',
      number: '512',
      neighborhood: 'Vila Madalena',
      city: 'São Paulo',
      state: 'SP',
      zip: '05435-000',
      lng_lat: [-46.689, -23.556],
    },
    design: { theme: 'light', navbarcolor: '#1f6f43', primary: '#c62828', darkprimary: '#8e1b1b', primaryinverse: '#ffffff' },
    office_hours: [
      // Sunday to Thursday 18:00-23:30; Friday and Saturday until 01:00 (stop_at 100 crosses midnight).
      ...[1, 2, 3, 4, 5].map((wday) => ({ wday, start_at: 1800, stop_at: 2330 })),
      { wday: 6, start_at: 1800, stop_at: 100 },
      { wday: 7, start_at: 1800, stop_at: 100 },
    ],
    preferences: {
      title: 'Pizzaria Bella — pizza artesanal no forno a lenha',
      desc: 'Massa de fermentação natural (48 horas), molho de tomate italiano e ingredientes frescos. Desde 1998 na Vila Madalena. Pizza meio a meio: cobramos o sabor de maior valor.',
      phone_order_details: '(11) 3812-4455',
      min_order: 3000,
      use_packing_fee: true,
      use_packing_fee_products: true,
      packing_price: 150,
      has_pickup_discount: true,
      pickup_discount_type: 'percentage',
      pickup_discount_value: 10,
      has_delivery_payment: true,
      has_pix_payment: true,
      has_pickup_payment: true,
      tax_receipt: 'optional',
      delivery_type: ['delivery', 'pickup'],
      delivery_radius: 8000,
      delivery_bands: [
        { up_to_meters: 2000, price: 500 },
        { up_to_meters: 5000, price: 900 },
        { up_to_meters: 8000, price: 1400 },
      ],
      min_delivery_time: 40,
      max_delivery_time: 70,
      min_pickup_time: 25,
      max_pickup_time: 35,
      delivery_payment_methods: DELIVERY_PAYMENTS,
      pickup_payment_methods: PICKUP_PAYMENTS,
      max_days_scheduling: 3,
      use_discount_coupon: true,
      use_gamification: true,
      referral_credit: 1500,
    },
  },
  coupons: [
    { _id: 'pizza10', code: 'PIZZA10', discount_type: 'percentage', value: 10, min_total_products: 6000, description: '10% nas pizzas a partir de R$ 60' },
    {
      _id: 'bella5',
      code: 'BELLA5',
      discount_type: 'fixed',
      value: 500,
      min_total_products: 4000,
      uses_per_customer: 5,
      total_uses: 500,
      description: 'R$ 5 de desconto a partir de R$ 40',
    },
  ],
  achievements: [
    {
      _id: 'primeira-fatia',
      name: 'Primeira fatia',
      goal_description: 'Conclua o seu primeiro pedido',
      goal_type: 'orders_count',
      goal_value: 1,
      reward_type: 'free_delivery',
      reward_description: 'Entrega grátis no próximo pedido',
    },
    {
      _id: 'de-casa',
      name: 'Já é de casa',
      goal_description: 'Conclua 10 pedidos com entrega',
      goal_type: 'delivery_orders_count',
      goal_value: 10,
      reward_type: 'percentage',
      reward_value: 20,
      reward_description: '20% de desconto nas pizzas',
    },
    {
      _id: 'noite-de-pizza',
      name: 'Noite de pizza',
      goal_description: 'Gaste R$ 250,00 pagando na entrega ou na retirada',
      goal_type: 'spend_cash_value',
      goal_value: 25000,
      reward_type: 'fixed',
      reward_value: 2500,
      reward_description: 'R$ 25,00 de desconto',
    },
  ],
  categories: [
    { _id: 'pizzas-salgadas', name: 'Pizzas Salgadas', desc: 'Todas podem ser meio a meio. Tamanhos média, grande e família.', products: pizzasSalgadas },
    { _id: 'pizzas-doces', name: 'Pizzas Doces', desc: 'Para fechar a noite com chave de ouro.', products: pizzasDoces },
    { _id: 'esfihas', name: 'Esfihas', desc: 'Abertas e fechadas, assadas na hora.', products: esfihas },
    { _id: 'calzones', name: 'Calzones', products: calzones },
    { _id: 'bebidas', name: 'Bebidas', products: bebidas },
    { _id: 'sobremesas', name: 'Sobremesas', products: sobremesas },
    { _id: 'combos', name: 'Combos', desc: 'Combinações com preço especial.', products: combos },
  ],
  order_variations: [
    {
      _id: 'talheres',
      name: 'Talheres e guardanapos',
      layout: 'check',
      min: 1,
      max: 1,
      price: 0,
      price_rule: 1,
      items: items(['enviar', 'Sim, enviar talheres e guardanapos', 0], ['nao-enviar', 'Não precisa, obrigado', 0]),
    },
    {
      _id: 'molhos-extras',
      name: 'Molhos extras',
      layout: 'addremove',
      min: 0,
      max: 6,
      price: 0,
      price_rule: 1,
      items: items(
        ['ketchup', 'Ketchup (sachê)', 0],
        ['maionese-temperada', 'Maionese temperada da casa', 200],
        ['molho-alho', 'Molho de alho', 200],
        ['barbecue', 'Molho barbecue', 250],
        ['pimenta', 'Pimenta calabresa em óleo', 150],
      ),
    },
    {
      _id: 'tempero',
      name: 'Orégano e azeite à parte',
      layout: 'check',
      min: 0,
      max: 2,
      price: 0,
      price_rule: 1,
      items: items(['oregano', 'Orégano', 0], ['azeite', 'Azeite extravirgem (sachê)', 100]),
    },
  ],
};
