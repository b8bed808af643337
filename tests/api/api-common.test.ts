// Rules shared by every call: required headers, body limit, JSON errors.
import { describe, it, expect } from 'vitest';
import { forEachDatabase } from './helpers/databases.ts';
import { estId, loadAllFixtures } from './helpers/fixtures.ts';

const centro = estId('bella-centro');

forEachDatabase(
  'API common rules',
  (ctx) => {
    describe('headers', () => {
      it('answers 400 invalid_client_type without Client-Type or with another value [R-7.1]', async () => {
        const missing = await ctx().app.request(`/api/establishments/${centro}`, { headers: { 'Api-Version': '4' } });
        expect(missing.status).toBe(400);
        expect(await missing.json()).toEqual({ message: 'invalid_client_type' });
        const wrong = await ctx().call(`/api/establishments/${centro}`, { headers: { 'Client-Type': 'client_app' } });
        expect(wrong.status).toBe(400);
        expect(await wrong.json()).toEqual({ message: 'invalid_client_type' });
      });

      it('answers 400 invalid_api_version without Api-Version 4 [R-7.2]', async () => {
        const missing = await ctx().app.request(`/api/establishments/${centro}`, { headers: { 'Client-Type': 'client_web' } });
        expect(missing.status).toBe(400);
        expect(await missing.json()).toEqual({ message: 'invalid_api_version' });
        const old = await ctx().call(`/api/establishments/${centro}`, { headers: { 'Api-Version': '3' } });
        expect(old.status).toBe(400);
        expect(await old.json()).toEqual({ message: 'invalid_api_version' });
      });

      it('answers 200 with both headers [R-7.1, R-7.2]', async () => {
        const res = await ctx().call(`/api/establishments/${centro}`);
        expect(res.status).toBe(200);
        expect((await res.json())._id).toBe(centro);
      });
    });

    describe('bodies', () => {
      it('answers 413 payload_too_large over 1 MiB and keeps answering afterwards', async () => {
        const big = JSON.stringify({ message: 'x'.repeat(1_048_576 + 10) });
        const res = await ctx().call(`/api/establishments/${centro}/feedbacks`, { method: 'POST', body: big });
        expect(res.status).toBe(413);
        expect(await res.json()).toEqual({ message: 'payload_too_large' });
        const next = await ctx().call(`/api/establishments/${centro}/feedbacks`, { method: 'POST', body: { message: 'Depois do limite' } });
        expect(next.status).toBe(201);
      });

      it('answers 400 invalid_json on a malformed body', async () => {
        const res = await ctx().call(`/api/establishments/${centro}/feedbacks`, { method: 'POST', body: '{"message": "oi"' });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ message: 'invalid_json' });
      });

      it('answers 404 route_not_found on an unknown path', async () => {
        const res = await ctx().call('/api/nao-existe');
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: 'route_not_found' });
      });
    });
  },
  { setup: (c) => loadAllFixtures(c.db) },
);
