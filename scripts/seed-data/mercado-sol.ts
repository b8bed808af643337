// Demo store chain: Mercado Sol, Santos (SP), three establishments of one company.
// - mercado-sol-centro: open 24 hours every day, the complete catalogue (availability windows,
//   orders on commission, scheduling, packing fee, every variation layout, rules 1, 2, 3, 4, 7).
// - mercado-sol-praia: never open (no office hours, is_open 'closed', no scheduling).
// - mercado-sol-norte: dark theme, temporarily unavailable ('Loja em reforma').
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';
import {
  ALL_DAYS,
  DELIVERY_PAYMENTS,
  PICKUP_PAYMENTS,
  VOUCHER_PAYMENTS,
  WEEKDAYS,
  addremove,
  checks,
  everyDay,
  items,
  product,
  promo,
  radio,
  hoursOn,
  type CategoryIn,
  type OrderVariationIn,
} from './common.ts';

const company = { slug: 'mercado-sol', name: 'Mercado Sol', domains: ['mercadosol.localhost'] };

const BAGS: OrderVariationIn = {
  _id: 'sacolas',
  name: 'Sacolas',
  layout: 'check',
  min: 1,
  max: 1,
  price: 0,
  price_rule: 1,
  items: items(
    ['sem-sacola', 'Sem sacola (levo minha ecobag)', 0],
    // An order-level option: its price is charged once per order, however many bags it takes.
    ['sacola-plastica', 'Sacolas plásticas recicláveis', 20, 'Quantas forem precisas, um só valor por pedido'],
    ['sacola-retornavel', 'Sacola retornável Mercado Sol', 490],
  ),
};

const SUBSTITUTION: OrderVariationIn = {
  _id: 'substituicao',
  name: 'Se faltar algum produto',
  layout: 'check',
  min: 1,
  max: 1,
  price: 0,
  price_rule: 1,
  items: items(['similar', 'Substituir por um similar', 0], ['ligar', 'Ligar para mim antes', 0], ['nao-substituir', 'Não substituir, retirar do pedido', 0]),
};

// ---------------------------------------------------------------- Centro

const cafeDaManha: CategoryIn = {
  _id: 'cafe-da-manha',
  name: 'Café da Manhã',
  desc: 'Servido das 6h às 10h, todos os dias.',
  products: [
    product('cafe-coado', 'Café Coado na Hora (300 ml)', 450, 'Café especial torrado em Santos, coado no pano.', {
      availabilities: hoursOn(ALL_DAYS, 600, 1000),
      accept_scheduling: false,
      variations: [radio('acucar', 'Açúcar', 1, items(['sem-acucar', 'Sem açúcar', 0], ['com-acucar', 'Com açúcar', 0], ['adocante', 'Com adoçante', 0]))],
    }),
    product('pao-na-chapa', 'Pão na Chapa', 600, 'Pão francês na chapa com manteiga.', { availabilities: hoursOn(ALL_DAYS, 600, 1000) }),
    product('misto-quente', 'Misto Quente', 1190, 'Pão de forma, presunto e queijo prato, prensado na hora.', { availabilities: hoursOn(ALL_DAYS, 600, 1000) }),
    product(
      'sanduiche-natural',
      'Sanduíche Natural de Frango',
      1490,
      'Frango desfiado, cenoura, alface e requeijão. Escolha o pão (sem pão sai no pote, mais barato).',
      {
        availabilities: hoursOn(ALL_DAYS, 600, 1000),
        variations: [
          radio(
            'pao',
            'Pão',
            2,
            items(
              ['integral', 'Pão integral', 0],
              ['australiano', 'Pão australiano', 150],
              ['sem-gluten', 'Pão sem glúten', 300],
              ['sem-pao', 'Sem pão (salada no pote)', -200],
            ),
          ),
        ],
      },
    ),
    product('pao-de-queijo-6', 'Pão de Queijo (6 unidades)', 990, 'Quentinho, feito com polvilho azedo e queijo canastra.', {
      availabilities: hoursOn(ALL_DAYS, 600, 1000),
    }),
    product('tapioca', 'Tapioca Recheada', 1290, 'Goma fresca com o recheio da sua escolha.', {
      availabilities: hoursOn(ALL_DAYS, 600, 1000),
      starting_price: true,
      variations: [
        radio(
          'recheio',
          'Recheio',
          1,
          items(
            ['queijo-coalho', 'Queijo coalho', 0],
            ['frango-catupiry', 'Frango com catupiry', 200],
            ['carne-seca', 'Carne-seca com requeijão', 500],
            ['banana-canela', 'Banana com canela', 0],
          ),
        ),
      ],
    }),
    product(
      'salada-de-frutas',
      'Salada de Frutas no Copo (400 ml)',
      990,
      'Monte seu copo com até 4 frutas. Frutas especiais: acréscimo pela média das especiais escolhidas.',
      {
        availabilities: hoursOn(ALL_DAYS, 600, 1000),
        starting_price: true,
        variations: [
          checks(
            'frutas',
            'Frutas',
            1,
            4,
            3,
            items(
              ['mamao', 'Mamão', 0],
              ['banana', 'Banana', 0],
              ['laranja', 'Laranja', 0],
              ['manga', 'Manga', 150],
              ['morango', 'Morango', 200],
              ['kiwi', 'Kiwi', 250],
            ),
          ),
          checks('cobertura', 'Cobertura', 0, 2, 1, items(['granola', 'Granola', 150], ['mel', 'Mel', 100], ['leite-condensado', 'Leite condensado', 100])),
        ],
      },
    ),
  ],
};

const padaria: CategoryIn = {
  _id: 'padaria',
  name: 'Padaria',
  desc: 'Pães e bolos assados durante todo o dia.',
  products: [
    product('pao-frances-10', 'Pão Francês (10 unidades)', 990, 'Crocante por fora, macio por dentro. Fornadas a cada 2 horas.'),
    product('pao-de-forma-caseiro', 'Pão de Forma Caseiro 500 g', 1290, 'Fatiado, sem conservantes.'),
    product('baguete', 'Baguete Tradicional', 890, 'Fermentação lenta, casca crocante.'),
    product('broa-de-milho', 'Broa de Milho', 1190, 'Receita mineira com erva-doce.'),
    promo('bolo-de-cenoura', 'Bolo de Cenoura com Cobertura de Chocolate', 2290, 2790, 'Bolo inteiro (aprox. 800 g) com cobertura de brigadeiro.'),
    product('sonho', 'Sonho de Creme', 690, 'Massa fofinha recheada com creme de baunilha e açúcar de confeiteiro.'),
    product('croissant', 'Croissant de Manteiga', 790, 'Folhado com manteiga francesa.'),
    product('rosca-de-coco', 'Rosca de Coco', 1590, 'Rosca doce com coco ralado e leite condensado.'),
  ],
};

const encomendas: CategoryIn = {
  _id: 'encomendas',
  name: 'Encomendas',
  desc: 'Feitos sob encomenda: agende com antecedência.',
  products: [
    product(
      'bolo-aniversario',
      'Bolo de Aniversário sob Encomenda',
      12990,
      'Bolo decorado com chantili. Escolha tamanho, massa e até dois recheios (cobramos o recheio de maior valor). Encomende com 24 horas de antecedência.',
      {
        starting_price: true,
        mandatory_schedule: true,
        min_schedule_time: 24,
        variations: [
          radio('tamanho', 'Tamanho', 1, items(['1kg', '1 kg (10 fatias)', 0], ['2kg', '2 kg (20 fatias)', 9000], ['3kg', '3 kg (30 fatias)', 17000])),
          radio('massa', 'Massa', 1, items(['baunilha', 'Baunilha', 0], ['chocolate', 'Chocolate', 0], ['red-velvet', 'Red velvet', 1500])),
          checks(
            'recheio',
            'Recheios',
            1,
            2,
            4,
            items(
              ['brigadeiro', 'Brigadeiro', 0],
              ['doce-de-leite', 'Doce de leite', 0],
              ['morango', 'Creme com morango', 1500],
              ['nozes', 'Nozes com doce de leite', 2500],
            ),
          ),
        ],
      },
    ),
    product(
      'torta-salgada',
      'Torta Salgada de Frango sob Encomenda',
      8990,
      'Torta de 2 kg com massa podre e recheio cremoso. Pedidos com 12 horas de antecedência.',
      {
        mandatory_schedule: true,
        min_schedule_time: 12,
      },
    ),
    product(
      'kit-festa-salgados',
      'Kit Festa — 100 Salgadinhos',
      11990,
      'Cento de salgados fritos na hora. Escolha até 4 sabores; os sabores especiais somam a média dos seus acréscimos.',
      {
        starting_price: true,
        mandatory_schedule: true,
        min_schedule_time: 24,
        variations: [
          checks(
            'sabores',
            'Sabores',
            1,
            4,
            3,
            items(
              ['coxinha', 'Coxinha de frango', 0],
              ['bolinha-queijo', 'Bolinha de queijo', 0],
              ['risole', 'Risole de presunto e queijo', 0],
              ['kibe', 'Kibe', 500],
              ['camarao', 'Empadinha de camarão', 2000],
            ),
          ),
        ],
      },
    ),
    product('docinhos-festa', 'Docinhos de Festa (50 unidades)', 7490, 'Brigadeiro, beijinho e cajuzinho em forminhas.', {
      mandatory_schedule: true,
      min_schedule_time: 24,
    }),
  ],
};

const rotisseria: CategoryIn = {
  _id: 'rotisseria',
  name: 'Rotisseria',
  desc: 'Pratos prontos em horários especiais.',
  products: [
    product('marmita-executiva', 'Marmita Executiva', 2490, 'Segunda a sexta, das 11h às 14h30: arroz, feijão, uma proteína e acompanhamentos.', {
      availabilities: hoursOn(WEEKDAYS, 1100, 1430),
      starting_price: true,
      packing_quantity: 1,
      variations: [
        radio(
          'proteina',
          'Proteína',
          4,
          items(
            ['frango-grelhado', 'Frango grelhado', 0],
            ['bife-acebolado', 'Bife acebolado', 400],
            ['peixe', 'Filé de peixe empanado', 300],
            ['omelete', 'Omelete (vegetariano)', 0],
          ),
        ),
        checks(
          'acompanhamentos',
          'Acompanhamentos',
          2,
          3,
          1,
          items(
            ['salada', 'Salada verde', 0],
            ['farofa', 'Farofa', 0],
            ['batata-frita', 'Batata frita', 300],
            ['legumes', 'Legumes no vapor', 0],
            ['vinagrete', 'Vinagrete', 0],
          ),
        ),
      ],
    }),
    product('frango-assado', 'Frango Assado Inteiro', 3990, 'Sábados e domingos, das 10h às 15h. Acompanha farofa.', {
      availabilities: hoursOn([1, 7], 1000, 1500),
      packing_quantity: 1,
    }),
    product('feijoada', 'Feijoada Completa (serve 2)', 6990, 'Só aos sábados, das 11h às 15h: feijoada, arroz, couve, farofa, torresmo e laranja.', {
      availabilities: hoursOn([7], 1100, 1500),
      packing_quantity: 2,
    }),
  ],
};

const hortifruti: CategoryIn = {
  _id: 'hortifruti',
  name: 'Hortifruti',
  desc: 'Frutas, legumes e verduras selecionados todas as manhãs. Itens por quilo são pesados na separação.',
  products: [
    product('banana-prata', 'Banana-prata (kg)', 699, 'Preço por quilo; cacho aproximado de 1 kg.'),
    product('maca-gala', 'Maçã Gala (kg)', 1099, 'Maçãs crocantes e doces.'),
    product('tomate-italiano', 'Tomate Italiano (kg)', 899, 'Ideal para molhos.'),
    product('batata-inglesa', 'Batata Inglesa (kg)', 599, 'Lavada.'),
    product('cebola', 'Cebola (kg)', 549, 'Cebola amarela nacional.'),
    product('alface-crespa', 'Alface Crespa (unidade)', 350, 'Colhida no dia, da Serra do Mar.'),
    product('laranja-pera', 'Laranja-pera (kg)', 499, 'Ótima para suco.'),
    product('mamao-papaia', 'Mamão Papaia (unidade)', 790, 'Unidade de aproximadamente 500 g.'),
    promo('abacate', 'Abacate (kg)', 799, 999, 'Abacate manteiga, no ponto.'),
    product('limao-tahiti', 'Limão Tahiti (kg)', 699, 'Suculento e sem sementes.'),
    product('cenoura', 'Cenoura (kg)', 549, 'Cenoura graúda.'),
    product('alho', 'Alho (200 g)', 890, 'Alho roxo nacional.'),
  ],
};

const organicos: CategoryIn = {
  _id: 'hortifruti-organicos',
  name: 'Hortifruti Orgânicos',
  desc: 'Certificados, de produtores do Vale do Ribeira.',
  parent: 'hortifruti',
  products: [
    product('alface-organica', 'Alface Americana Orgânica', 590, 'Certificada pelo IBD.'),
    product('cenoura-organica', 'Cenoura Orgânica (500 g)', 790, 'Sem agrotóxicos.'),
    product('tomate-cereja-organico', 'Tomate-cereja Orgânico (250 g)', 890, 'Docinho, ótimo para saladas.'),
    product('couve-organica', 'Couve Manteiga Orgânica (maço)', 490, 'Maço com cerca de 10 folhas.'),
    product('ovos-caipira-organicos', 'Ovos Caipira Orgânicos (10 unidades)', 1690, 'Galinhas criadas soltas.'),
  ],
};

const acougue: CategoryIn = {
  _id: 'acougue',
  name: 'Açougue',
  desc: 'Cortes embalados a vácuo, enviados em embalagem térmica.',
  products: [
    product('picanha', 'Picanha Bovina (peça ~1,2 kg)', 10790, 'Preço para a peça de 1,2 kg; o valor final segue o peso real.', {
      starting_price: true,
      packing_quantity: 1,
      variations: [
        radio('preparo', 'Preparo', 1, items(['peca', 'Peça inteira', 0], ['bifes', 'Cortada em bifes', 0], ['churrasco', 'Cortada para churrasco', 0])),
      ],
    }),
    product('alcatra', 'Alcatra (kg)', 5490, 'Macia e suculenta.', { packing_quantity: 1 }),
    product('contrafile', 'Contrafilé (kg)', 4990, 'Com capa de gordura.', { packing_quantity: 1 }),
    product('patinho-moido', 'Patinho Moído (500 g)', 2290, 'Moído na hora.', {
      packing_quantity: 1,
      variations: [radio('moagem', 'Moagem', 1, items(['uma-vez', 'Moer uma vez', 0], ['duas-vezes', 'Moer duas vezes', 0]))],
    }),
    product('frango-inteiro', 'Frango Inteiro Resfriado (kg)', 1590, 'Frango resfriado, aproximadamente 2,2 kg.', { packing_quantity: 1 }),
    product('coxa-sobrecoxa', 'Coxa e Sobrecoxa de Frango (kg)', 1390, 'Bandeja de aproximadamente 1 kg.', { packing_quantity: 1 }),
    product('linguica-toscana', 'Linguiça Toscana (kg)', 2290, 'Ideal para churrasco.', { packing_quantity: 1 }),
    product('kit-churrasco', 'Kit Churrasco para 6 Pessoas', 18990, 'Monte seu kit: escolha os cortes (cada corte soma o seu preço).', {
      starting_price: true,
      packing_quantity: 2,
      variations: [
        checks(
          'cortes',
          'Cortes',
          2,
          4,
          1,
          items(
            ['fraldinha', 'Fraldinha 1 kg', 0],
            ['linguica', 'Linguiça toscana 1 kg', 0],
            ['coracao', 'Coração de frango 500 g', 0],
            ['picanha', 'Picanha 1 kg', 4500],
            ['costela', 'Costela bovina 1,5 kg', 2000],
          ),
        ),
        addremove('carvao', 'Carvão e gelo', 0, 4, 1, items(['carvao-3kg', 'Carvão 3 kg', 1690], ['gelo-5kg', 'Gelo 5 kg', 1190])),
      ],
    }),
  ],
};

const frios: CategoryIn = {
  _id: 'frios-e-laticinios',
  name: 'Frios e Laticínios',
  products: [
    product('mussarela-fatiada', 'Queijo Mussarela Fatiado (200 g)', 1190, 'Fatiado na hora.'),
    product('presunto-cozido', 'Presunto Cozido Fatiado (200 g)', 990, 'Sem capa de gordura.'),
    product('queijo-minas-frescal', 'Queijo Minas Frescal (500 g)', 2190, 'Produzido em Minas Gerais.'),
    product('requeijao', 'Requeijão Cremoso (200 g)', 1090, 'Copo de 200 g.'),
    promo('manteiga', 'Manteiga com Sal (200 g)', 1290, 1590, 'Manteiga de primeira qualidade.'),
    product('leite-integral', 'Leite Integral (1 L)', 549, 'Caixa longa vida.'),
    product('parmesao-ralado', 'Queijo Parmesão Ralado (50 g)', 790, 'Ralado fino.'),
    product(
      'iogurte-grego-pack',
      'Iogurte Grego — Monte seu Pack com 4',
      1596,
      'Quatro potes de 100 g. Promoção: todos saem pelo preço do sabor mais barato escolhido.',
      {
        starting_price: true,
        variations: [
          addremove(
            'sabores',
            'Sabores (4 potes)',
            4,
            4,
            7,
            items(['tradicional', 'Tradicional', 399], ['morango', 'Morango', 449], ['frutas-vermelhas', 'Frutas vermelhas', 499], ['mel', 'Mel', 459]),
          ),
        ],
      },
    ),
  ],
};

const mercearia: CategoryIn = {
  _id: 'mercearia',
  name: 'Mercearia',
  products: [
    product('arroz-5kg', 'Arroz Branco Tipo 1 (5 kg)', 2790, 'Grãos longos e soltinhos.'),
    product('feijao-carioca', 'Feijão Carioca (1 kg)', 899, 'Tipo 1, safra nova.'),
    product('acucar-refinado', 'Açúcar Refinado (1 kg)', 499, 'Açúcar refinado especial.'),
    promo('cafe-torrado', 'Café Torrado e Moído (500 g)', 1599, 1899, 'Torra média, embalado a vácuo.'),
    product('oleo-soja', 'Óleo de Soja (900 ml)', 799, 'Garrafa PET.'),
    product('macarrao-espaguete', 'Macarrão Espaguete (500 g)', 499, 'Massa de sêmola com ovos.'),
    product('molho-tomate', 'Molho de Tomate Tradicional (340 g)', 349, 'Sachê.'),
    product('farinha-mandioca', 'Farinha de Mandioca Torrada (500 g)', 690, 'Ideal para farofa.'),
    product('azeite', 'Azeite de Oliva Extravirgem (500 ml)', 3990, 'Acidez máxima de 0,5%. Importado de Portugal.'),
    product(
      'cesta-basica',
      'Cesta Básica Sol',
      14990,
      'Arroz, feijão, açúcar, óleo, café, macarrão, molho, farinha, leite e biscoitos. Itens podem variar de marca.',
      {
        packing_quantity: 2,
        accept_scheduling: true,
      },
    ),
  ],
};

const bebidasCentro: CategoryIn = {
  _id: 'bebidas',
  name: 'Bebidas',
  products: [
    product('refrigerante-cola-2l', 'Refrigerante Cola (2 L)', 999, 'Garrafa PET.'),
    product('agua-mineral-1-5l', 'Água Mineral sem Gás (1,5 L)', 349, 'Garrafa 1,5 L.'),
    product('cerveja-pilsen-pack', 'Cerveja Pilsen Lata 350 ml — Pack com 12', 4490, 'Venda proibida para menores de 18 anos. Entregamos gelada.', {
      delivery_type: ['delivery'],
    }),
    product('suco-uva-1l', 'Suco de Uva Integral (1 L)', 1490, 'Sem adição de açúcar.'),
    product('energetico', 'Energético (473 ml)', 1190, 'Lata.'),
    product('vinho-tinto-suave', 'Vinho Tinto Suave (750 ml)', 2490, 'Vinho de mesa nacional.'),
    product('agua-de-coco-1l', 'Água de Coco (1 L)', 1290, '100% natural.'),
  ],
};

const limpeza: CategoryIn = {
  _id: 'limpeza',
  name: 'Limpeza',
  products: [
    product('detergente', 'Detergente Neutro (500 ml)', 299, 'Biodegradável.'),
    promo('sabao-po', 'Sabão em Pó (1,6 kg)', 1890, 2190, 'Para roupas brancas e coloridas.'),
    product('amaciante', 'Amaciante Concentrado (2 L)', 1690, 'Perfume de lavanda.'),
    product('agua-sanitaria', 'Água Sanitária (2 L)', 849, 'Alvejante e desinfetante.'),
    product('esponja', 'Esponja Dupla Face — 4 unidades', 499, 'Multiuso.'),
    product('desinfetante', 'Desinfetante Eucalipto (2 L)', 1290, 'Elimina 99,9% dos germes.'),
  ],
};

const higiene: CategoryIn = {
  _id: 'higiene',
  name: 'Higiene',
  products: [
    product('papel-higienico', 'Papel Higiênico Folha Dupla — 12 rolos', 2290, 'Rolos de 30 m, neutro.'),
    product('creme-dental', 'Creme Dental (90 g)', 499, 'Com flúor.'),
    product('sabonete', 'Sabonete em Barra (90 g)', 249, 'Hidratante.'),
    product('shampoo', 'Shampoo (350 ml)', 1890, 'Para todos os tipos de cabelo.'),
    product('desodorante', 'Desodorante Aerossol (150 ml)', 1390, 'Proteção 48 horas.'),
  ],
};

const congelados: CategoryIn = {
  _id: 'congelados',
  name: 'Congelados',
  desc: 'Enviados em embalagem térmica.',
  products: [
    product('pizza-congelada', 'Pizza Congelada Calabresa (460 g)', 1790, 'Pronta em 15 minutos.', { packing_quantity: 1 }),
    product('lasanha', 'Lasanha à Bolonhesa (600 g)', 2190, 'Vai ao micro-ondas.', { packing_quantity: 1 }),
    product('pao-de-queijo-congelado', 'Pão de Queijo Congelado (1 kg)', 2490, 'Tradicional mineiro.', { packing_quantity: 1 }),
    product('hamburguer', 'Hambúrguer Bovino — 12 unidades (672 g)', 2590, '100% carne bovina.', { packing_quantity: 1 }),
    product('sorvete-2l', 'Sorvete Napolitano (2 L)', 2790, 'Somente retirada na loja, para não derreter no caminho.', {
      delivery_type: ['pickup'],
      packing_quantity: 1,
    }),
    product('batata-pre-frita', 'Batata Pré-frita (1,5 kg)', 2390, 'Corte palito.', { packing_quantity: 1 }),
  ],
};

export const mercadoSolCentro: CatalogueInput = {
  company,
  establishment: {
    slug: 'mercado-sol-centro',
    name: 'Mercado Sol — Centro',
    kind: 'Store',
    is_open: 'auto',
    phone: '1332194400',
    address: {
      street: 'Rua XV de Novembro',
      number: '95',
      neighborhood: 'Centro',
      city: 'Santos',
      state: 'SP',
      zip: '11010-151',
      lng_lat: [-46.333, -23.9345],
    },
    design: { theme: 'light', navbarcolor: '#f59f00', primary: '#d9480f', darkprimary: '#a63a0b', primaryinverse: '#ffffff' },
    // Open around the clock, every day.
    office_hours: everyDay(0, 2400),
    has_free_delivery_tax_after_product_price: true,
    preferences: {
      title: 'Mercado Sol Centro — aberto 24 horas',
      desc: 'Supermercado de bairro no Centro Histórico de Santos, aberto 24 horas. Padaria própria, açougue, hortifruti fresco e encomendas para festas.',
      phone_order_details: '(13) 3219-4400',
      min_order: 3000,
      use_packing_fee: true,
      use_packing_fee_products: true,
      packing_price: 50,
      has_pickup_discount: true,
      pickup_discount_type: 'fixed',
      pickup_discount_value: 300,
      // Paid online by a verified card (Visa, Mastercard, Elo) or by Pix.
      has_online_payment: true,
      online_payment_methods: [
        { _id: 'visa', name: 'Visa' },
        { _id: 'mastercard', name: 'Mastercard' },
        { _id: 'elo', name: 'Elo' },
      ],
      has_delivery_payment: true,
      has_pix_payment: true,
      has_pickup_payment: true,
      tax_receipt: 'optional',
      delivery_type: ['delivery', 'pickup'],
      delivery_radius: 7000,
      delivery_bands: [
        { up_to_meters: 2000, price: 690 },
        { up_to_meters: 4000, price: 990 },
        { up_to_meters: 7000, price: 1490 },
      ],
      min_delivery_time: 45,
      max_delivery_time: 90,
      min_pickup_time: 20,
      max_pickup_time: 40,
      delivery_payment_methods: [...DELIVERY_PAYMENTS, ...VOUCHER_PAYMENTS],
      pickup_payment_methods: [...PICKUP_PAYMENTS, ...VOUCHER_PAYMENTS],
      free_delivery_tax_after_product_price: 20000,
      max_days_scheduling: 7,
      // Coupons, achievements and referral (README 'Promotions in the demo').
      use_discount_coupon: true,
      use_gamification: true,
      referral_credit: 1000,
    },
  },
  categories: [cafeDaManha, padaria, encomendas, rotisseria, hortifruti, organicos, acougue, frios, mercearia, bebidasCentro, limpeza, higiene, congelados],
  order_variations: [BAGS, SUBSTITUTION],
  coupons: [
    {
      _id: 'bem-vindo',
      code: 'BEMVINDO10',
      discount_type: 'percentage',
      value: 10,
      min_total_products: 5000,
      description: '10% de desconto na sua primeira compra com entrega',
    },
    {
      _id: 'feira',
      code: 'FEIRA15',
      discount_type: 'fixed',
      value: 1500,
      min_total_products: 8000,
      max_total_products: 50000,
      uses_per_customer: 3,
      description: 'R$ 15 de desconto em compras de R$ 80 a R$ 500',
    },
    { _id: 'ultima-unidade', code: 'ULTIMA1', discount_type: 'fixed', value: 500, total_uses: 1, description: 'R$ 5 para o primeiro cliente que usar' },
    {
      _id: 'verao-2020',
      code: 'VERAO2020',
      discount_type: 'percentage',
      value: 20,
      starts_at: '2020-01-01',
      ends_at: '2020-03-31',
      description: 'Promoção de verão (encerrada)',
    },
    { _id: 'pausado', code: 'PAUSADO', discount_type: 'fixed', value: 1000, active: false, description: 'Cupom desativado pela loja' },
  ],
  achievements: [
    {
      _id: 'primeira-compra',
      name: 'Primeira compra',
      goal_description: 'Conclua o seu primeiro pedido',
      goal_type: 'orders_count',
      goal_value: 1,
      reward_type: 'free_delivery',
      reward_description: 'Entrega grátis no próximo pedido',
    },
    {
      _id: 'cliente-fiel',
      name: 'Cliente fiel',
      goal_description: 'Conclua 5 pedidos',
      goal_type: 'orders_count',
      goal_value: 5,
      reward_type: 'percentage',
      reward_value: 10,
      reward_description: '10% de desconto nos produtos',
    },
    {
      _id: 'carrinho-cheio',
      name: 'Carrinho cheio',
      goal_description: 'Gaste R$ 300,00 em pedidos concluídos',
      goal_type: 'spend_value',
      goal_value: 30000,
      reward_type: 'fixed',
      reward_value: 2000,
      reward_description: 'R$ 20,00 de desconto nos produtos',
    },
    {
      _id: 'pix-na-hora',
      name: 'Pix na hora',
      goal_description: 'Pague R$ 100,00 com Pix',
      goal_type: 'spend_value_with_pix',
      goal_value: 10000,
      reward_type: 'fixed',
      reward_value: 1000,
      reward_description: 'R$ 10,00 de desconto nos produtos',
    },
  ],
};

// ---------------------------------------------------------------- Praia (never open)

export const mercadoSolPraia: CatalogueInput = {
  company,
  establishment: {
    slug: 'mercado-sol-praia',
    name: 'Mercado Sol — Praia',
    kind: 'Store',
    // Never open: no office hours and a manual 'closed', so closed behaviour can always be seen.
    is_open: 'closed',
    phone: '1332871200',
    address: {
      street: 'Avenida Bartolomeu de Gusmão',
      number: '120',
      complement: 'Loja 2',
      neighborhood: 'Boqueirão',
      city: 'Santos',
      state: 'SP',
      zip: '11045-400',
      lng_lat: [-46.3245, -23.97],
    },
    design: { theme: 'light', navbarcolor: '#0b7285', primary: '#1098ad', darkprimary: '#0b7285', primaryinverse: '#ffffff' },
    office_hours: [],
    preferences: {
      title: 'Mercado Sol Praia — conveniência pé na areia',
      desc: 'Conveniência em frente à praia do Boqueirão: bebidas geladas, gelo, sorvetes e tudo para o seu dia de praia. Loja fechada no momento.',
      min_order: 2000,
      has_delivery_payment: true,
      has_pix_payment: true,
      has_pickup_payment: true,
      delivery_type: ['delivery', 'pickup'],
      delivery_radius: 3000,
      delivery_bands: [
        { up_to_meters: 1500, price: 400 },
        { up_to_meters: 3000, price: 700 },
      ],
      delivery_payment_methods: DELIVERY_PAYMENTS,
      pickup_payment_methods: PICKUP_PAYMENTS,
      max_days_scheduling: 0,
    },
  },
  categories: [
    {
      _id: 'bebidas-geladas',
      name: 'Bebidas Geladas',
      products: [
        product('agua-de-coco-gelada', 'Água de Coco Gelada (1 L)', 1290, 'Direto do freezer.'),
        product('agua-mineral-500', 'Água Mineral (500 ml)', 350, 'Sem gás, gelada.'),
        product('isotonico', 'Isotônico Limão (500 ml)', 790, 'Para repor as energias depois do futevôlei.'),
        product('cerveja-lata-praia', 'Cerveja Lata 350 ml', 549, 'Venda proibida para menores de 18 anos.'),
        product('refrigerante-lata-praia', 'Refrigerante Lata 350 ml', 549, 'Cola, guaraná ou laranja.', {
          variations: [radio('sabor', 'Sabor', 1, items(['cola', 'Cola', 0], ['guarana', 'Guaraná', 0], ['laranja', 'Laranja', 0]))],
        }),
        product('mate-gelado', 'Chá Mate Gelado com Limão (1,5 L)', 890, 'O clássico das praias.'),
      ],
    },
    {
      _id: 'praia-e-lazer',
      name: 'Praia e Lazer',
      products: [
        product('gelo-5kg', 'Gelo em Cubos (5 kg)', 1190, 'Saco de 5 kg.', { accept_scheduling: false }),
        product('carvao-3kg', 'Carvão Vegetal (3 kg)', 1690, 'Para churrasqueira.'),
        product('protetor-solar', 'Protetor Solar FPS 50 (200 ml)', 5990, 'Resistente à água.'),
        product('copos-descartaveis', 'Copos Descartáveis 200 ml — 50 unidades', 690, 'Copos recicláveis.'),
        product('saco-lixo', 'Sacos de Lixo 30 L — 20 unidades', 590, 'Deixe a praia limpa!'),
      ],
    },
    {
      _id: 'sorvetes',
      name: 'Sorvetes',
      products: [
        product('picole-limao', 'Picolé de Limão', 450, 'Refrescante.'),
        product('picole-coco', 'Picolé de Coco Queimado', 550, 'Cremoso.'),
        promo('picole-chocolate', 'Picolé de Chocolate Trufado', 690, 890, 'Com casquinha de chocolate belga.'),
        product('acai-500', 'Açaí na Tigela (500 ml)', 1890, 'Com banana e granola.', {
          starting_price: true,
          variations: [
            checks(
              'complementos',
              'Complementos',
              0,
              3,
              1,
              items(['leite-po', 'Leite em pó', 200], ['morango', 'Morango', 300], ['pacoca', 'Paçoca', 200], ['mel', 'Mel', 150]),
            ),
          ],
        }),
      ],
    },
    {
      _id: 'petiscos',
      name: 'Petiscos',
      products: [
        product('amendoim', 'Amendoim Torrado (150 g)', 690, 'Salgadinho e crocante.'),
        product('batata-chips', 'Batata Chips (120 g)', 990, 'Sabor original.'),
        product('biscoito-polvilho', 'Biscoito de Polvilho (100 g)', 590, 'O famoso biscoito de praia.'),
      ],
    },
  ],
  order_variations: [BAGS],
};

// ---------------------------------------------------------------- Norte (unavailable, dark theme)

export const mercadoSolNorte: CatalogueInput = {
  company,
  establishment: {
    slug: 'mercado-sol-norte',
    name: 'Mercado Sol — Zona Noroeste',
    kind: 'Store',
    is_open: 'auto',
    phone: '1332995050',
    address: {
      street: 'Avenida Nossa Senhora de Fátima',
      number: '410',
      neighborhood: 'Chico de Paula',
      city: 'Santos',
      state: 'SP',
      zip: '11085-202',
      lng_lat: [-46.36, -23.933],
    },
    design: { theme: 'dark', navbarcolor: '#1a1b1e', primary: '#ffd43b', darkprimary: '#fab005', primaryinverse: '#1a1b1e' },
    office_hours: [...[2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at: 700, stop_at: 2200 })), { wday: 1, start_at: 800, stop_at: 1400 }],
    preferences: {
      title: 'Mercado Sol Zona Noroeste',
      desc: 'A loja da Zona Noroeste de Santos, com estacionamento próprio.',
      unavailable: true,
      unavailable_title: 'Loja em reforma',
      unavailable_desc:
        'Estamos ampliando a loja para atender você melhor. Os pedidos on-line voltam em breve; enquanto isso, compre no Mercado Sol Centro, aberto 24 horas.',
      min_order: 2500,
      has_delivery_payment: true,
      has_pix_payment: true,
      delivery_type: ['delivery', 'pickup'],
      delivery_radius: 5000,
      delivery_bands: [
        { up_to_meters: 2500, price: 590 },
        { up_to_meters: 5000, price: 890 },
      ],
      delivery_payment_methods: DELIVERY_PAYMENTS,
      pickup_payment_methods: PICKUP_PAYMENTS,
      max_days_scheduling: 2,
    },
  },
  categories: [
    {
      _id: 'hortifruti',
      name: 'Hortifruti',
      products: [
        product('banana-nanica', 'Banana-nanica (kg)', 549, 'Madura no ponto.'),
        product('melancia', 'Melancia (unidade ~8 kg)', 2490, 'Docinha e vermelha.'),
        product('batata-doce', 'Batata-doce (kg)', 599, 'Roxa.'),
        product('chuchu', 'Chuchu (kg)', 399, 'Fresquinho.'),
      ],
    },
    {
      _id: 'padaria',
      name: 'Padaria',
      products: [
        product('pao-frances-kg', 'Pão Francês (kg)', 1699, 'Aproximadamente 20 unidades por quilo.'),
        product('bisnaguinha', 'Bisnaguinha (300 g)', 890, 'Macia, ideal para o lanche das crianças.'),
        product('bolo-fuba', 'Bolo de Fubá com Goiabada', 1990, 'Bolo inteiro.'),
      ],
    },
    {
      _id: 'mercearia',
      name: 'Mercearia',
      products: [
        product('arroz-integral', 'Arroz Integral (1 kg)', 799, 'Tipo 1.'),
        product('feijao-preto', 'Feijão Preto (1 kg)', 949, 'Para aquela feijoada.'),
        product('leite-condensado', 'Leite Condensado (395 g)', 699, 'Caixinha.'),
        product('biscoito-recheado', 'Biscoito Recheado de Chocolate (140 g)', 349, 'O preferido da criançada.'),
        product('achocolatado', 'Achocolatado em Pó (400 g)', 899, 'Enriquecido com vitaminas.'),
      ],
    },
    {
      _id: 'bebidas',
      name: 'Bebidas',
      products: [
        product('guarana-2l-norte', 'Refrigerante de Guaraná (2 L)', 899, 'Garrafa PET.'),
        product('suco-caixinha', 'Suco de Laranja (1 L)', 799, 'Néctar de laranja.'),
        product('cafe-gelado', 'Café Gelado (280 ml)', 890, 'Pronto para beber.'),
      ],
    },
    {
      _id: 'pet-shop',
      name: 'Pet Shop',
      products: [
        product('racao-caes', 'Ração para Cães Adultos (3 kg)', 5490, 'Sabor carne e vegetais.'),
        product('racao-gatos', 'Ração para Gatos Castrados (1 kg)', 3290, 'Controle de peso.'),
        product('areia-gatos', 'Areia Higiênica para Gatos (4 kg)', 1890, 'Granulado fino.'),
        promo('petisco-caes', 'Petisco para Cães — Bifinho (65 g)', 590, 790, 'Sabor carne.'),
      ],
    },
  ],
  order_variations: [BAGS, SUBSTITUTION],
};

export const mercadoSol: CatalogueInput[] = [mercadoSolCentro, mercadoSolPraia, mercadoSolNorte];
