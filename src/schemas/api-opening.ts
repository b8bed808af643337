// The establishment's own switch of its open state (docs/api.md 'Open, closed, unavailable'): with
// its API key it overrides the office hours ('open', 'closed'; 'auto' follows them again) and stops
// or resumes taking orders altogether ('unavailable', with the notice its pages show).
import { type } from 'arktype';
import type { OpenMode } from '../domain/open-now.ts';

export type { OpenMode };
export const OPEN_MODES = ['auto', 'open', 'closed'] as const satisfies readonly OpenMode[];

export const OpeningBody = type({
  'is_open?': type.enumerated(...OPEN_MODES),
  'unavailable?': 'boolean',
  'unavailable_title?': 'string <= 120',
  'unavailable_desc?': 'string <= 1000',
});
export type OpeningBody = typeof OpeningBody.infer;

/** The state after the change, and how many of the establishment's pages were rendered again. */
export interface OpeningAnswer {
  is_open: OpenMode;
  unavailable: boolean;
  unavailable_title: string | null;
  unavailable_desc: string | null;
  pages: number;
}
