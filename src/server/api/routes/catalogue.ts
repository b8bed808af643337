import { Hono } from 'hono';
import type { ApiEnv } from '../app.ts';

export const catalogueRoutes = new Hono<ApiEnv>();
