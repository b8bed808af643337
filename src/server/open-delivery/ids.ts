// Open Delivery ids (docs/open-delivery.md 'Ids'). The standard wants UUIDs (the order, its items
// and options, the customer) and a merchant id of at least 36 characters; the product's own ids are
// 16-hex (orders) or short catalogue keys. Each Open Delivery id is a name-based UUID (RFC 9562
// version 5) of a name that says what it identifies ('order:<our id>', 'item:<order>:<line>'...)
// in the product's own namespace below: the same record always gets the same id, on every server
// and after a restore, without storing anything. Version 5 is SHA-1 by definition; the ids are not
// secrets and every name is made from the product's own ids, so SHA-1's collision attacks do not
// apply, and a version-5 UUID passes the strictest UUID checks a point-of-sale system may run
// (version 1-5, RFC variant). A UUID cannot be turned back into our id: the routes that take an
// Open Delivery order id look it up in a stored column (docs/open-delivery.md).
import { createHash } from 'node:crypto';
import { stripTaxId } from '../../domain/tax-id.ts';

/** The product's namespace for its Open Delivery ids (a random UUID, fixed once: changing it changes every id). */
export const OPEN_DELIVERY_NAMESPACE = 'e9301d85-fe0e-4f59-99d3-b7dd7cec31c1';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The RFC 9562 version-5 UUID of `name` in `namespace`.
 * Example: `uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8') === '2ed6657d-e927-568b-95e1-2665a8aea6a2'`
 */
export function uuidV5(name: string, namespace: string = OPEN_DELIVERY_NAMESPACE): string {
  if (!UUID.test(namespace)) throw new RangeError(`not a UUID namespace: ${namespace}`);
  const bytes = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The Open Delivery id of one of our orders (Order.id; the orderId of every route and event). */
export const odOrderId = (orderId: string): string => uuidV5(`order:${orderId}`);

/** An order line's id (items[].id): the line's position in our order, lines being kept in order. */
export const odItemId = (orderId: string, line: number): string => uuidV5(`item:${orderId}:${line}`);

/** A chosen option's id (items[].options[].id): its line and its position among the line's picks. */
export const odOptionId = (orderId: string, line: number, option: number): string => uuidV5(`option:${orderId}:${line}:${option}`);

/** The customer's id (customer.id), the same on every order of that customer. */
export const odCustomerId = (userId: string): string => uuidV5(`customer:${userId}`);

/**
 * The merchant's id when its Software Service gave none: the document's recommended
 * 'CNPJ-UUID' when the establishment's CNPJ is known (digits), else the UUID alone (36 characters,
 * the document's minimum).
 * Example: `odMerchantId('abc', '12.345.678/0001-95')` starts with '12345678000195-'
 */
export function odMerchantId(establishmentId: string, document: string | null = null): string {
  const uuid = uuidV5(`merchant:${establishmentId}`);
  const digits = document ? stripTaxId(document) : '';
  return digits ? `${digits}-${uuid}` : uuid;
}
