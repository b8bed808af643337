// A small reference POS (an establishment's Software Service) speaking Open Delivery v1.3 to the
// product over real HTTP, as a restaurant's point-of-sale would: it gets a token with its client
// credentials (and again when it expires), polls events, acknowledges what it handled, reads the
// orders and sends actions. Every answer is checked against the official document (odCall).
import type { OdEvent, OdOrder } from '../../../src/schemas/open-delivery.ts';
import { odCall, type Fetcher } from './open-delivery.ts';

export class ReferencePos {
  private token: string | null = null;
  private readonly fetcher: Fetcher;
  private readonly clientId: string;
  private readonly clientSecret: string;

  constructor(origin: string, clientId: string, clientSecret: string) {
    this.fetcher = (path, init) => fetch(`${origin}${path}`, init);
    this.clientId = clientId;
    this.clientSecret = clientSecret;
  }

  async authenticate(): Promise<void> {
    const res = await odCall(this.fetcher, 'POST', '/oauth/token', {
      form: { client_id: this.clientId, client_secret: this.clientSecret, grant_type: 'client_credentials' },
    });
    if (res.status !== 200) throw new Error(`token refused: ${res.status} ${res.text}`);
    this.token = (res.body as { access_token: string }).access_token;
  }

  /** A call with the token, asking for a new one once when it was refused (expired). */
  private async call(method: string, path: string, json?: unknown) {
    if (!this.token) await this.authenticate();
    let res = await odCall(this.fetcher, method, path, { token: this.token!, json });
    if (res.status === 401) {
      await this.authenticate();
      res = await odCall(this.fetcher, method, path, { token: this.token!, json });
    }
    return res;
  }

  async poll(): Promise<OdEvent[]> {
    const res = await this.call('GET', '/v1/events:polling');
    if (res.status === 204) return [];
    if (res.status !== 200) throw new Error(`polling failed: ${res.status} ${res.text}`);
    return res.body as OdEvent[];
  }

  async acknowledge(events: OdEvent[]): Promise<void> {
    const res = await this.call(
      'POST',
      '/v1/events/acknowledgment',
      events.map((e) => ({ id: e.eventId, orderId: e.orderId, eventType: e.eventType })),
    );
    if (res.status !== 202) throw new Error(`acknowledgment failed: ${res.status} ${res.text}`);
  }

  async order(orderId: string): Promise<OdOrder> {
    const res = await this.call('GET', `/v1/orders/${orderId}`);
    if (res.status !== 200) throw new Error(`order ${orderId}: ${res.status} ${res.text}`);
    return res.body as OdOrder;
  }

  /** An action on an order; answers the status (202 when taken). */
  async act(orderId: string, action: 'confirm' | 'readyForPickup' | 'dispatch' | 'delivered', body?: unknown): Promise<number> {
    return (await this.call('POST', `/v1/orders/${orderId}/${action}`, body)).status;
  }

  /**
   * One round of a kitchen that takes every new delivery order and sends it out: polls, reads
   * each CREATED order, confirms it and dispatches it, and acknowledges what it polled.
   */
  async confirmAndDispatchNewOrders(): Promise<OdOrder[]> {
    const events = await this.poll();
    const handled: OdOrder[] = [];
    for (const e of events.filter((x) => x.eventType === 'CREATED')) {
      const order = await this.order(e.orderId);
      if ((await this.act(e.orderId, 'confirm', { createdAt: new Date().toISOString(), orderExternalCode: `PDV-${order.displayId}` })) !== 202)
        throw new Error('confirm refused');
      if (order.type === 'DELIVERY' && (await this.act(e.orderId, 'dispatch')) !== 202) throw new Error('dispatch refused');
      handled.push(order);
    }
    if (events.length) await this.acknowledge(events);
    return handled;
  }
}
