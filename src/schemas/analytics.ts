// The establishment's own analytics (docs/decisions-product.md 'The tenant's own analytics, with
// consent'): its Google Analytics 4 measurement id and its Meta Pixel id, kept in its preferences.
// The patterns are strict because each id ends up in a script URL and in the page's HTML, and its
// mere presence opens the page's script policy to the two vendors' hosts
// (src/server/content-security.ts): anything but the id's own shape is refused.
import { type } from 'arktype';
import { GA4_ID_PATTERN, META_PIXEL_ID_PATTERN } from '../domain/analytics-ids.ts';

export const Ga4MeasurementId = type(GA4_ID_PATTERN).describe("a Google Analytics 4 measurement id such as 'G-4BX9K2LMQ7'");
export const MetaPixelId = type(META_PIXEL_ID_PATTERN).describe("a Meta Pixel id of 6 to 20 digits such as '123456789012345'");

/** The preferences' analytics fields (part of Preferences in ./catalogue.ts). */
export const AnalyticsIds = {
  'ga4_measurement_id?': Ga4MeasurementId,
  'meta_pixel_id?': MetaPixelId,
} as const;

/** The ids a page carries (on its <html> as data-ga4 / data-pixel) when the establishment set them. */
export interface PageAnalyticsIds {
  ga4?: string;
  pixel?: string;
}

/** PUT .../analytics: each id given is set, null removes it; an id left out keeps its value. */
export const AnalyticsSettingsBody = type({
  'ga4_measurement_id?': Ga4MeasurementId.or('null'),
  'meta_pixel_id?': MetaPixelId.or('null'),
});
export type AnalyticsSettingsBody = typeof AnalyticsSettingsBody.infer;

/** The ids after the change, null where none is set, and how many of the establishment's pages were rendered again. */
export interface AnalyticsSettingsAnswer {
  ga4_measurement_id: string | null;
  meta_pixel_id: string | null;
  pages: number;
}
