// Water drawn on the offline map: the bay of Santos south of the beach avenues (its shore runs 45 m
// seaward of them). Coarse on purpose: it gives the beach its shape on the map, nothing more.
import type { WaterArea } from './types.ts';

export const WATER_AREAS: readonly WaterArea[] = [
  {
    name: 'Baía de Santos',
    ring: [
      [-46.362, -23.965359],
      [-46.358, -23.965898],
      [-46.354, -23.966436],
      [-46.35, -23.966975],
      [-46.346, -23.967513],
      [-46.342, -23.968051],
      [-46.338, -23.96859],
      [-46.334, -23.969128],
      [-46.33, -23.969667],
      [-46.326, -23.970205],
      [-46.322, -23.970743],
      [-46.318, -23.971282],
      [-46.314, -23.97182],
      [-46.31, -23.972359],
      [-46.306, -23.972897],
      [-46.302, -23.973435],
      [-46.298, -23.973974],
      [-46.294, -23.974512],
      [-46.2905, -24.02],
      [-46.362, -24.02],
      [-46.362, -23.965359],
    ],
  },
];
