// Tenancy calls (spec section 7, 'Establishment and catalogue'): which company a slug or a custom
// domain is, which establishments it has, one establishment with its computed open status, its
// office hours, and the clock in its time zone. docs/api.md documents every answer.
import { Hono } from 'hono';
import type { ApiEnv } from '../env.ts';
import { ApiError, validate } from '../errors.ts';
import { requireEstablishment } from '../guards.ts';
import type { Database } from '../../db/database.ts';
import { getCompanyByDomain, getCompanyBySlug, getEstablishment, listEstablishments } from '../../db/catalogue-repo.ts';
import type { DatetimeAnswer, EstablishmentAnswer, EstablishmentListItem, EstablishmentSummary, EstablishmentView } from '../../../schemas/views.ts';
import {
  DatetimeQuery,
  DomainParams,
  ESTABLISHMENT_BASE_FIELDS,
  EstablishmentParams,
  EstablishmentQuery,
  EstablishmentsQuery,
  SlugParams,
  type EstablishmentField,
} from '../../../schemas/api-catalogue.ts';
import { isEstablishmentOpen } from '../../services/establishment-status.ts';
import { distanceMeters, withinDeliveryRadius } from '../../../domain/delivery-fee.ts';
import { establishmentTimeZone, Temporal } from '../../../domain/time.ts';
import { catalogueAnswer, jsonWithLength } from '../../cache/api-answers.ts';
import { validatedQuery } from '../../cache/query-memo.ts';
import type { Answer } from '../route-table.ts';

/** The establishment view plus is_open computed at `now`, limited to `fields` (plus the base fields) when given. */
export function establishmentAnswer(view: EstablishmentView, now: Date, fields?: readonly EstablishmentField[]): Partial<EstablishmentAnswer> {
  const full: Answer<'GET /establishments/:id'> = { ...view, is_open: isEstablishmentOpen(view, now) };
  if (!fields || fields.length === 0) return full;
  const out: Record<string, unknown> = {};
  for (const key of [...ESTABLISHMENT_BASE_FIELDS, ...fields]) out[key] = full[key];
  // The phone travels with hide_phone, and only when the establishment publishes it.
  if (fields.includes('hide_phone')) out.phone = full.phone;
  return out as Partial<EstablishmentAnswer>;
}

async function summariesWithStatus(
  db: Database,
  summaries: EstablishmentSummary[],
  now: Date,
): Promise<Array<EstablishmentListItem & { view: EstablishmentView }>> {
  const views = await Promise.all(summaries.map((s) => getEstablishment(db, { id: s._id })));
  const out: Array<EstablishmentListItem & { view: EstablishmentView }> = [];
  summaries.forEach((s, i) => {
    const view = views[i];
    if (view) out.push({ ...s, is_open: isEstablishmentOpen(view, now), view });
  });
  return out;
}

const stripView = ({ view: _view, ...rest }: EstablishmentListItem & { view: EstablishmentView }): EstablishmentListItem => rest;

async function companyEstablishments(db: Database, companyId: string, now: Date): Promise<EstablishmentListItem[]> {
  const summaries = await listEstablishments(db, { companyId, activeOnly: true });
  return (await summariesWithStatus(db, summaries, now)).map(stripView);
}

export const tenancyRoutes = new Hono<ApiEnv>()
  // The company (app) of a slug with its active establishments.
  .get('/apps/:slug', async (c) => {
    const { db, now } = c.get('deps');
    const { slug } = validate(SlugParams, c.req.param(), 'params');
    const company = await getCompanyBySlug(db, slug);
    if (!company) throw new ApiError(404, 'app_not_found');
    const establishments = await companyEstablishments(db, company._id, now());
    return c.json({ _id: company._id, slug: company.slug, name: company.name, domains: company.domains ?? [], establishments });
  })
  // The company a custom domain is mapped to; also the 'slug by domain' lookup.
  .get('/domains/:domain', async (c) => {
    const { db, now } = c.get('deps');
    const { domain } = validate(DomainParams, c.req.param(), 'params');
    const company = await getCompanyByDomain(db, domain);
    if (!company) throw new ApiError(404, 'domain_not_found');
    const establishments = await companyEstablishments(db, company._id, now());
    return c.json({ slug: company.slug, company, establishments });
  })
  // Active establishments by slug_area, company, or near/intersect a point.
  .get('/establishments', async (c) => {
    const { db, now } = c.get('deps');
    const query = validate(EstablishmentsQuery, c.req.query(), 'query');
    if ((query.near || query.intersect) && !query.lng_lat) {
      throw new ApiError(400, 'invalid_query', [{ path: 'lng_lat', code: 'required', message: 'lng_lat is required with near or intersect' }]);
    }
    if (!query.slug_area && !query.company && !query.near && !query.intersect) throw new ApiError(400, 'missing_filter');

    let companyId: string | undefined;
    if (query.company) {
      const company = await getCompanyBySlug(db, query.company);
      if (!company) return c.json([]);
      companyId = company._id;
    }
    let summaries = await listEstablishments(db, { companyId, activeOnly: true });
    if (query.slug_area) summaries = summaries.filter((s) => s.slug_area === query.slug_area);
    let items = await summariesWithStatus(db, summaries, now());
    const point = query.lng_lat;
    if (point) {
      items = items.map((it) => ({ ...it, distance_meters: distanceMeters(it.lng_lat, point) }));
      if (query.intersect) items = items.filter((it) => withinDeliveryRadius(it.lng_lat, point, it.view.preferences));
      if (query.near) items = [...items].sort((a, b) => a.distance_meters! - b.distance_meters! || a.slug_area.localeCompare(b.slug_area));
    }
    return c.json(items.map(stripView));
  })
  // One establishment with is_open computed now; `fields` limits the answer.
  .get('/establishments/:id', async (c) => {
    const { db, now, catalogueCache } = c.get('deps');
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    const { fields } = validatedQuery<typeof EstablishmentQuery.infer>(EstablishmentQuery, c);
    const est = await requireEstablishment(db, id, catalogueCache);
    // The answer depends on the clock only through is_open: one held answer per value of it.
    const at = now();
    const key = `establishment\0${fields?.join(',') ?? ''}\0${isEstablishmentOpen(est, at)}`;
    return catalogueAnswer(c, est, key, () => establishmentAnswer(est, at, fields), { companyWide: true });
  })
  // Weekly office hours, wday 1 = Sunday, HHMM integers.
  .get('/establishments/:id/office-hours', async (c) => {
    const { db } = c.get('deps');
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    const est = await requireEstablishment(db, id);
    return c.json(est.office_hours.map((h) => ({ _id: h._id, wday: h.wday, start_at: h.start_at, stop_at: h.stop_at })));
  })
  // The server clock in the establishment's zone (or the zone of the establishment serving lng_lat).
  .get('/datetime', async (c) => {
    const { db, now, catalogueCache } = c.get('deps');
    const query = validatedQuery<typeof DatetimeQuery.infer>(DatetimeQuery, c);
    let timeZone = establishmentTimeZone(undefined);
    if (query.establishment_id) {
      timeZone = establishmentTimeZone((await requireEstablishment(db, query.establishment_id, catalogueCache)).time_zone);
    } else if (query.lng_lat) {
      const point = query.lng_lat;
      const all = await summariesWithStatus(db, await listEstablishments(db, { activeOnly: true }), now());
      const serving = all
        .filter((it) => withinDeliveryRadius(it.lng_lat, point, it.view.preferences))
        .sort((a, b) => distanceMeters(a.lng_lat, point) - distanceMeters(b.lng_lat, point))[0];
      if (serving) timeZone = establishmentTimeZone(serving.view.time_zone);
    }
    const epochMs = now().getTime();
    const zoned = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timeZone);
    return jsonWithLength({
      datetime: zoned.toString({ timeZoneName: 'never', smallestUnit: 'millisecond' }),
      time_zone: timeZone,
      epoch_ms: epochMs,
    } satisfies DatetimeAnswer);
  });
