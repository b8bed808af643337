// Every demo catalogue the seed writes, in order (company by company, establishments in their
// company's order).
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';
import { mercadoSol } from './mercado-sol.ts';
import { pizzariaBella } from './pizzaria-bella.ts';

export const DEMO_CATALOGUES: CatalogueInput[] = [pizzariaBella, ...mercadoSol];
