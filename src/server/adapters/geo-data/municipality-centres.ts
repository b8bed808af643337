// Where the offline geocoder can place a municipality: the 27 state capitals and the
// municipalities around the demo establishments (Greater São Paulo, Baixada Santista, Campinas),
// by the centre of their urban core, to about a kilometre. The names are the IBGE names of
// @brazilian-utils (a test checks each one exists there); every other IBGE municipality is found
// by name but has no position (lng_lat null, see docs/api.md).
import type { MunicipalityCentre } from './types.ts';

export const MUNICIPALITY_CENTRES: readonly MunicipalityCentre[] = [
  // State capitals
  { name: 'Rio Branco', state: 'AC', lng_lat: [-67.81, -9.975] },
  { name: 'Maceió', state: 'AL', lng_lat: [-35.735, -9.666] },
  { name: 'Macapá', state: 'AP', lng_lat: [-51.07, 0.035] },
  { name: 'Manaus', state: 'AM', lng_lat: [-60.022, -3.119] },
  { name: 'Salvador', state: 'BA', lng_lat: [-38.501, -12.971] },
  { name: 'Fortaleza', state: 'CE', lng_lat: [-38.527, -3.732] },
  { name: 'Brasília', state: 'DF', lng_lat: [-47.882, -15.794] },
  { name: 'Vitória', state: 'ES', lng_lat: [-40.338, -20.32] },
  { name: 'Goiânia', state: 'GO', lng_lat: [-49.265, -16.686] },
  { name: 'São Luís', state: 'MA', lng_lat: [-44.303, -2.53] },
  { name: 'Cuiabá', state: 'MT', lng_lat: [-56.097, -15.601] },
  { name: 'Campo Grande', state: 'MS', lng_lat: [-54.62, -20.469] },
  { name: 'Belo Horizonte', state: 'MG', lng_lat: [-43.935, -19.917] },
  { name: 'Belém', state: 'PA', lng_lat: [-48.49, -1.456] },
  { name: 'João Pessoa', state: 'PB', lng_lat: [-34.863, -7.115] },
  { name: 'Curitiba', state: 'PR', lng_lat: [-49.273, -25.428] },
  { name: 'Recife', state: 'PE', lng_lat: [-34.877, -8.048] },
  { name: 'Teresina', state: 'PI', lng_lat: [-42.802, -5.089] },
  { name: 'Rio de Janeiro', state: 'RJ', lng_lat: [-43.173, -22.907] },
  { name: 'Natal', state: 'RN', lng_lat: [-35.209, -5.795] },
  { name: 'Porto Alegre', state: 'RS', lng_lat: [-51.218, -30.035] },
  { name: 'Porto Velho', state: 'RO', lng_lat: [-63.904, -8.762] },
  { name: 'Boa Vista', state: 'RR', lng_lat: [-60.672, 2.82] },
  { name: 'Florianópolis', state: 'SC', lng_lat: [-48.548, -27.595] },
  { name: 'São Paulo', state: 'SP', lng_lat: [-46.633, -23.55] },
  { name: 'Aracaju', state: 'SE', lng_lat: [-37.073, -10.947] },
  { name: 'Palmas', state: 'TO', lng_lat: [-48.334, -10.184] },
  // Around the demo establishments
  { name: 'Santos', state: 'SP', lng_lat: [-46.334, -23.961] },
  { name: 'São Vicente', state: 'SP', lng_lat: [-46.392, -23.963] },
  { name: 'Guarujá', state: 'SP', lng_lat: [-46.256, -23.993] },
  { name: 'Praia Grande', state: 'SP', lng_lat: [-46.402, -24.006] },
  { name: 'Cubatão', state: 'SP', lng_lat: [-46.425, -23.895] },
  { name: 'Osasco', state: 'SP', lng_lat: [-46.792, -23.532] },
  { name: 'Guarulhos', state: 'SP', lng_lat: [-46.533, -23.454] },
  { name: 'Santo André', state: 'SP', lng_lat: [-46.538, -23.664] },
  { name: 'São Bernardo do Campo', state: 'SP', lng_lat: [-46.565, -23.694] },
  { name: 'Campinas', state: 'SP', lng_lat: [-47.061, -22.906] },
];
