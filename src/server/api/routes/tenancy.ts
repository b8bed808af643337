import { Hono } from 'hono';
import type { ApiEnv } from '../app.ts';

export const tenancyRoutes = new Hono<ApiEnv>();
