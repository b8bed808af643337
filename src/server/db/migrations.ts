// One migration set for both engines (SQLite and PostgreSQL). Portable column types only:
// text, integer, real, booleans as 0/1 integers, JSON as text, instants as ISO-8601 text.
import { sql, type Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';
import { randomId } from './ids.ts';
import { asapSlot } from '../../domain/slot-capacity.ts';
import { Temporal, establishmentTimeZone } from '../../domain/time.ts';

const initialCatalogue: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('companies')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('domains')
      .addColumn('domain', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .execute();

    await db.schema
      .createTable('establishments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      // 'auto' follows the office hours; 'open' / 'closed' is the establishment's manual override.
      .addColumn('is_open', 'text', (c) => c.notNull().defaultTo('auto'))
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('hide_phone', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('has_free_delivery_tax_after_product_price', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('lng', 'real', (c) => c.notNull())
      .addColumn('lat', 'real', (c) => c.notNull())
      .addColumn('design', 'text', (c) => c.notNull())
      .addColumn('preferences', 'text', (c) => c.notNull())
      .addColumn('office_hours', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('establishments_company').on('establishments').column('company_id').execute();

    await db.schema
      .createTable('categories')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('establishment_id', 'text', (c) => c.notNull().references('establishments.id').onDelete('cascade'))
      .addColumn('parent_id', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('categories_establishment').on('categories').columns(['establishment_id', 'sort']).execute();

    await db.schema
      .createTable('products')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('establishment_id', 'text', (c) => c.notNull().references('establishments.id').onDelete('cascade'))
      .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      // Lower-cased, accent-free name + description: what the text search matches against.
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('image', 'text')
      .addColumn('note', 'text')
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('normal_price', 'integer')
      .addColumn('starting_price', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('promo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hide_price', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addColumn('delivery_type', 'text', (c) => c.notNull())
      .addColumn('availabilities', 'text', (c) => c.notNull())
      .addColumn('mandatory_schedule', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('min_schedule_time', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('packing_quantity', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('accept_scheduling', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('variations', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('products_category').on('products').columns(['establishment_id', 'category_id', 'sort']).execute();

    await db.schema
      .createTable('order_variations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('establishment_id', 'text', (c) => c.notNull().references('establishments.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('layout', 'text', (c) => c.notNull())
      .addColumn('min', 'integer', (c) => c.notNull())
      .addColumn('max', 'integer', (c) => c.notNull())
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('price_rule', 'integer', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull())
      .addColumn('image', 'text')
      .addColumn('items', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('feedbacks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('establishment_id', 'text', (c) => c.notNull().references('establishments.id').onDelete('cascade'))
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['feedbacks', 'order_variations', 'products', 'categories', 'establishments', 'domains', 'companies']) {
      await db.schema.dropTable(t).execute();
    }
  },
};

// Customer accounts (spec section 3 'User'): users belong to a company (tenant) and are unique per
// company by e-mail and by phone digits; sessions store only the SHA-256 of their token; failed
// logins are kept per account so the rate limit survives restarts and spans server processes.
const accounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      // Lower-cased.
      .addColumn('email', 'text', (c) => c.notNull())
      // National digits, ninth digit included (src/domain/phone.ts normalizePhone).
      .addColumn('phone', 'text', (c) => c.notNull())
      // 'scrypt$N$r$p$salt$hash' (base64url parts); never the password.
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('fbid', 'text')
      // Storage key prefix of the uploaded photo; the sizes are '<key>-<size>.webp'.
      .addColumn('photo_key', 'text')
      .addColumn('phone_verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('document', 'text')
      .addColumn('birthday', 'text')
      .addColumn('gender', 'text')
      .addColumn('banned', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('users_company_email').on('users').columns(['company_id', 'email']).unique().execute();
    await db.schema.createIndex('users_company_phone').on('users').columns(['company_id', 'phone']).unique().execute();

    await db.schema
      .createTable('sessions')
      // SHA-256 of the token, hex.
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('establishment_id', 'text', (c) => c.notNull().references('establishments.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('login_failures')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('failed_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_failures_user').on('login_failures').columns(['user_id', 'failed_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['login_failures', 'sessions', 'users']) await db.schema.dropTable(t).execute();
  },
};

// Checkout and orders (issue: checkout). Addresses belong to a user (a company's customer); an
// order keeps a snapshot of everything it was priced from, so later catalogue or address changes
// never alter it. Amounts are integer centavos.
const checkout: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('addresses')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('street', 'text', (c) => c.notNull())
      // null = 'S/N' (no number).
      .addColumn('number', 'text')
      // null = 'S/C' (no complement).
      .addColumn('complement', 'text')
      .addColumn('ref', 'text', (c) => c.notNull())
      .addColumn('neighborhood', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull().defaultTo('BR'))
      // default | house | work | school | family | friend.
      .addColumn('place', 'text', (c) => c.notNull().defaultTo('default'))
      // double precision: PostgreSQL's real (4 bytes) would round a position by up to ~0.4 m.
      .addColumn('lng', 'double precision', (c) => c.notNull())
      .addColumn('lat', 'double precision', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('addresses_user').on('addresses').columns(['user_id', 'created_at']).execute();

    // The next order number of each establishment (orders are numbered 1, 2, 3... per establishment).
    await db.schema
      .createTable('order_counters')
      .addColumn('establishment_id', 'text', (c) => c.primaryKey().references('establishments.id').onDelete('cascade'))
      .addColumn('last_number', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('establishment_id', 'text', (c) => c.notNull().references('establishments.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('number', 'integer', (c) => c.notNull())
      // registered | confirmed | complete | canceled.
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('platform', 'text', (c) => c.notNull())
      // pickup | delivery | local.
      .addColumn('delivery_type', 'text', (c) => c.notNull())
      // online | offline | pix | credits.
      .addColumn('payment_type', 'text', (c) => c.notNull())
      // JSON {_id, name, payback} of the offline method, or null.
      .addColumn('payment_method', 'text')
      // Cash the customer pays with, for change ('troco'); null = no change needed.
      .addColumn('payment_payback', 'integer')
      .addColumn('tax_receipt', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tax_id', 'text')
      // JSON snapshot of the delivery address (with its _id), or null for pickup/local.
      .addColumn('address', 'text')
      .addColumn('scheduled_at', 'text')
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      // JSON: the priced lines (product snapshot, picks with names and prices, unit and line totals).
      .addColumn('items', 'text', (c) => c.notNull())
      // JSON: the priced order-level variation entries.
      .addColumn('order_variations', 'text', (c) => c.notNull())
      .addColumn('coupon_id', 'text')
      .addColumn('achievement_id', 'text')
      .addColumn('subtotal', 'integer', (c) => c.notNull())
      .addColumn('order_variations_total', 'integer', (c) => c.notNull())
      .addColumn('packing_fee', 'integer', (c) => c.notNull())
      .addColumn('delivery_fee', 'integer', (c) => c.notNull())
      .addColumn('discount', 'integer', (c) => c.notNull())
      .addColumn('credits', 'integer', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      // Estimated preparation/delivery window in minutes, as the preferences said when ordered.
      .addColumn('time_min', 'integer', (c) => c.notNull())
      .addColumn('time_max', 'integer', (c) => c.notNull())
      .addColumn('cancellation_type', 'text')
      .addColumn('cancellation_reason', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('orders_establishment_number').on('orders').columns(['establishment_id', 'number']).unique().execute();
    await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'establishment_id', 'number']).execute();

    // Idempotent-Key records (decisions #22, IETF draft 'The Idempotency-Key HTTP Header Field'):
    // one per user and key; 'in_flight' while the first request runs, then 'done' with the
    // response replayed to every retry with the same payload.
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('establishment_id', 'text', (c) => c.notNull())
      // SHA-256 (hex) of the canonical request payload.
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('response_status', 'integer')
      .addColumn('response_body', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      // An in-flight record older than this is taken over (its process died mid-request).
      .addColumn('locked_until', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_expiry').on('idempotency_keys').column('expires_at').execute();

    // The establishment's side: API keys that may change its orders' status. Only the SHA-256 is stored.
    await db.schema
      .createTable('establishment_api_keys')
      .addColumn('key_hash', 'text', (c) => c.primaryKey())
      .addColumn('establishment_id', 'text', (c) => c.notNull().references('establishments.id').onDelete('cascade'))
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['establishment_api_keys', 'idempotency_keys', 'orders', 'order_counters', 'addresses']) await db.schema.dropTable(t).execute();
  },
};

// The text search moved from LIKE over products.search_text to an in-memory index per
// establishment (src/server/search): nothing reads or writes the column any more.
const dropSearchText: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('products').dropColumn('search_text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .alterTable('products')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  },
};

// The account area (docs/api.md 'Addresses' and 'Problem reports and suggestions'): the customer's
// default delivery address, kept on the user so it follows the customer to every device, and what
// customers tell the establishment: problem reports (what went wrong, optionally which order) and
// suggestions. The default is a plain id, not a foreign key (users and addresses would reference
// each other): one update sets it, so there is never a second default, and an id left by a deleted
// address names nothing (address ids are random and never reused), which reads as 'no default'.
const accountFeedback: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('default_address_id', 'text').execute();

    await db.schema
      .createTable('customer_feedback')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('establishment_id', 'text', (c) => c.notNull().references('establishments.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // report | suggestion (src/domain/feedback.ts).
      .addColumn('kind', 'text', (c) => c.notNull())
      // A report's REPORT_TOPICS entry; null for a suggestion.
      .addColumn('topic', 'text')
      // The order a report is about (the customer's own, at this establishment), or null.
      .addColumn('order_id', 'text', (c) => c.references('orders.id').onDelete('set null'))
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('customer_feedback_establishment').on('customer_feedback').columns(['establishment_id', 'kind', 'created_at']).execute();
    await db.schema.createIndex('customer_feedback_user').on('customer_feedback').columns(['user_id', 'establishment_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('customer_feedback').execute();
    await db.schema.alterTable('users').dropColumn('default_address_id').execute();
  },
};

// After an order is placed (issue: order follow-up): when it was completed (the evaluation window
// runs from there; orders completed before this migration take their last change, which was the
// completion, as complete is final), the customer's evaluation (four ratings 1-5 and when it was
// sent, once per order), whether the customer asked for WhatsApp updates, and the outbox of every
// message the product sends while no real channel is configured (the development outbox page).
const orderFollowup: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('completed_at', 'text').execute();
    await db.schema.alterTable('orders').addColumn('evaluation_packing', 'integer').execute();
    await db.schema.alterTable('orders').addColumn('evaluation_delivery', 'integer').execute();
    await db.schema.alterTable('orders').addColumn('evaluation_product', 'integer').execute();
    await db.schema.alterTable('orders').addColumn('evaluation_deadline', 'integer').execute();
    await db.schema.alterTable('orders').addColumn('evaluated_at', 'text').execute();
    await db.schema
      .alterTable('orders')
      .addColumn('whatsapp_updates', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await (db as Kysely<{ orders: { status: string; completed_at: string | null; updated_at: string } }>)
      .updateTable('orders')
      .set((eb) => ({ completed_at: eb.ref('updated_at') }))
      .where('status', '=', 'complete')
      .execute();

    await db.schema
      .createTable('outbox_messages')
      // Sorts in the order the messages were recorded (src/server/db/outbox-repo.ts).
      .addColumn('id', 'text', (c) => c.primaryKey())
      // 'whatsapp', 'sms', 'email' (card statement lines later).
      .addColumn('channel', 'text', (c) => c.notNull())
      // As the channel addresses it: '+5511987654321' for WhatsApp and SMS, an e-mail address...
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('outbox_messages').execute();
    for (const column of [
      'whatsapp_updates',
      'evaluated_at',
      'evaluation_deadline',
      'evaluation_product',
      'evaluation_delivery',
      'evaluation_packing',
      'completed_at',
    ]) {
      await db.schema.alterTable('orders').dropColumn(column).execute();
    }
  },
};

// The sandbox acquirer built into the server (src/server/sandboxes/payment-sandbox.ts), the default
// payment gateway: the cards it tokenised (a random token and the card's public part, never the
// number or the CVV), its charges and its refunds, each with the caller's idempotency key, unique,
// so concurrent retries of one call find one row (docs/payments.md).
const paymentGateway: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('payment_sandbox_cards')
      .addColumn('token', 'text', (c) => c.primaryKey())
      .addColumn('brand', 'text', (c) => c.notNull())
      .addColumn('last4', 'text', (c) => c.notNull())
      .addColumn('exp_month', 'integer', (c) => c.notNull())
      .addColumn('exp_year', 'integer', (c) => c.notNull())
      .addColumn('holder_name', 'text', (c) => c.notNull())
      // What charging this card does: approved, insufficient_funds, suspected_fraud, issuer_error, offline.
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('payment_sandbox_charges')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .addColumn('token', 'text', (c) => c.notNull().references('payment_sandbox_cards.token'))
      // Integer centavos.
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      // captured | declined | issuer_error
      .addColumn('status', 'text', (c) => c.notNull())
      // A DECLINE_REASONS code when declined.
      .addColumn('reason', 'text')
      // Centavos refunded so far; never above amount (one conditional update keeps it so).
      .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('payment_sandbox_refunds')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .addColumn('charge_id', 'text', (c) => c.notNull().references('payment_sandbox_charges.id'))
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('payment_sandbox_refunds').execute();
    await db.schema.dropTable('payment_sandbox_charges').execute();
    await db.schema.dropTable('payment_sandbox_cards').execute();
  },
};

const contactVerification: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('verification_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // 'phone' or 'email'.
      .addColumn('channel', 'text', (c) => c.notNull())
      // What the code proves: national phone digits (ninth digit included) or the lower-cased address.
      .addColumn('target', 'text', (c) => c.notNull())
      // 'salt$sha256(salt:code)' (hex); never the code (src/server/db/verification-codes-repo.ts).
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // The send limit counts per channel and target; the check reads a user's latest code.
    await db.schema.createIndex('verification_codes_target').on('verification_codes').columns(['channel', 'target', 'created_at']).execute();
    await db.schema.createIndex('verification_codes_user').on('verification_codes').columns(['user_id', 'channel', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('verification_codes').execute();
  },
};

// Saved cards and their validation by a micro-charge (docs/api.md 'Cards', docs/payments.md): a
// card is the gateway's token and its public part, never its number or CVV; a validation is the
// random charge the customer types back, with its refund; the wrong amounts a card holder typed
// (one row per validation and amount, so a double click counts once) and the holder's blacklist;
// and the customer's credit ledger, where a charge refunded as store credit is written.
const paymentCards: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('payment_cards')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('company_id', 'text', (c) => c.notNull())
      // The gateway that tokenised it (PAYMENT_GATEWAY) and its token: the only way to charge it.
      .addColumn('gateway', 'text', (c) => c.notNull())
      .addColumn('gateway_token', 'text', (c) => c.notNull())
      .addColumn('brand', 'text', (c) => c.notNull())
      .addColumn('last4', 'text', (c) => c.notNull())
      .addColumn('exp_month', 'integer', (c) => c.notNull())
      .addColumn('exp_year', 'integer', (c) => c.notNull())
      .addColumn('holder', 'text', (c) => c.notNull())
      // The holder's CPF or CNPJ, digits (or the alphanumeric CNPJ's characters).
      .addColumn('document', 'text', (c) => c.notNull())
      // not_verified | verification_in_progress | verified
      .addColumn('verification_status', 'text', (c) => c.notNull())
      // card | credit: where a validation charge goes back.
      .addColumn('refund_type', 'text', (c) => c.notNull())
      .addColumn('min_value', 'integer', (c) => c.notNull())
      .addColumn('max_value', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('deleted_at', 'text')
      .execute();
    await db.schema.createIndex('payment_cards_user').on('payment_cards').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('card_verifications')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('card_id', 'text', (c) => c.notNull().references('payment_cards.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      // Whose name the statement shows and whose preferences set the refund.
      .addColumn('establishment_id', 'text', (c) => c.notNull())
      // The random charge, integer centavos; the customer types it back.
      .addColumn('amount', 'integer', (c) => c.notNull())
      // charging | awaiting_amount | verified | cancelled | expired | failed | blocked
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('charge_id', 'text')
      .addColumn('refund_type', 'text', (c) => c.notNull())
      // The gateway's refund id, or the credit ledger entry's id; set once the money went back.
      .addColumn('refund_id', 'text')
      .addColumn('refunded_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('charged_at', 'text')
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema.createIndex('card_verifications_card').on('card_verifications').columns(['card_id', 'created_at']).execute();
    // The server's job reads validations by state: stale charges, lapsed amounts, refunds owed.
    await db.schema.createIndex('card_verifications_status').on('card_verifications').columns(['status', 'created_at']).execute();

    await db.schema
      .createTable('card_verification_tries')
      .addColumn('verification_id', 'text', (c) => c.notNull().references('card_verifications.id').onDelete('cascade'))
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('card_verification_tries_pk', ['verification_id', 'amount'])
      .execute();

    await db.schema
      .createTable('card_holders')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('blocked_at', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('credit_entries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // Signed integer centavos: + received, - spent.
      .addColumn('amount', 'integer', (c) => c.notNull())
      // Why: card_verification_refund, ...
      .addColumn('reason', 'text', (c) => c.notNull())
      // What it is for, unique: one entry per movement (e.g. 'card-verification:<id>').
      .addColumn('reference', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('credit_entries_user').on('credit_entries').columns(['user_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['credit_entries', 'card_holders', 'card_verification_tries', 'card_verifications', 'payment_cards']) {
      await db.schema.dropTable(t).execute();
    }
  },
};

// The sandbox PSP built into the server (src/server/sandboxes/pix-sandbox.ts), which answers the
// Banco Central's API Pix: its immediate charges (txid, the caller's, is the key: concurrent PUTs
// of one txid make one row; the location's id is unique too), the Pix paid to them (endToEndId
// unique; what was refunded of each, kept within its amount by one conditional update), their
// refunds (the caller's id, unique per Pix) and the webhook URL registered for each key.
const pixSandbox: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('pix_sandbox_charges')
      .addColumn('txid', 'text', (c) => c.primaryKey())
      // loc.id: the API Pix numbers locations; random, unique.
      .addColumn('loc_id', 'integer', (c) => c.notNull().unique())
      // The URL the QR code points to, without its scheme.
      .addColumn('location', 'text', (c) => c.notNull())
      .addColumn('chave', 'text', (c) => c.notNull())
      // valor.original in integer centavos.
      .addColumn('amount', 'integer', (c) => c.notNull())
      // solicitacaoPagador.
      .addColumn('description', 'text')
      // calendario.expiracao, seconds after created_at.
      .addColumn('expires_in', 'integer', (c) => c.notNull())
      // ATIVA | CONCLUIDA | REMOVIDA_PELO_USUARIO_RECEBEDOR | REMOVIDA_PELO_PSP
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
      // pixCopiaECola: the BR Code.
      .addColumn('copy_paste', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      // created_at + expires_in, ISO-8601 UTC: the outbox page lists the charges still payable by it.
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('pix_sandbox_charges_status').on('pix_sandbox_charges').columns(['status', 'expires_at']).execute();

    await db.schema
      .createTable('pix_sandbox_payments')
      .addColumn('end_to_end_id', 'text', (c) => c.primaryKey())
      .addColumn('txid', 'text', (c) => c.notNull().references('pix_sandbox_charges.txid'))
      // valor, integer centavos: what was paid, which may differ from the charge's amount.
      .addColumn('amount', 'integer', (c) => c.notNull())
      // Centavos refunded so far; never above amount.
      .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('payer_info', 'text')
      .addColumn('paid_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('pix_sandbox_payments_txid').on('pix_sandbox_payments').column('txid').execute();

    await db.schema
      .createTable('pix_sandbox_refunds')
      .addColumn('end_to_end_id', 'text', (c) => c.notNull().references('pix_sandbox_payments.end_to_end_id'))
      // The caller's id of the refund, unique per Pix.
      .addColumn('id', 'text', (c) => c.notNull())
      // rtrId: the return's own end-to-end id.
      .addColumn('rtr_id', 'text', (c) => c.notNull().unique())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('description', 'text')
      // EM_PROCESSAMENTO | DEVOLVIDO | NAO_REALIZADO
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('requested_at', 'text', (c) => c.notNull())
      .addColumn('settled_at', 'text')
      .addPrimaryKeyConstraint('pix_sandbox_refunds_pk', ['end_to_end_id', 'id'])
      .execute();

    await db.schema
      .createTable('pix_sandbox_webhooks')
      .addColumn('chave', 'text', (c) => c.primaryKey())
      .addColumn('webhook_url', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['pix_sandbox_webhooks', 'pix_sandbox_refunds', 'pix_sandbox_payments', 'pix_sandbox_charges']) {
      await db.schema.dropTable(t).execute();
    }
  },
};

// Orders paid online (docs/payments.md 'Paying an order'): what an order records of its payment
// (paid, awaiting a Pix, refunded...), every attempt to charge a card for an order's Idempotent-Key
// (unique per key and attempt, so a retried or recovered request charges once and a charge whose
// order never committed is found and refunded), an order's Pix charge, and every Pix the PSP told
// of (unique by endToEndId, so a webhook delivered twice applies once).
const orderPayments: Migration = {
  async up(db: Kysely<unknown>) {
    // none (paid on delivery or pickup) | paid | awaiting (a Pix) | refund_pending | refunded | expired
    await db.schema
      .alterTable('orders')
      .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('none'))
      .execute();
    // JSON: { card: { brand, last4 } } or { pix: { txid } }.
    await db.schema.alterTable('orders').addColumn('payment_details', 'text').execute();

    await db.schema
      .createTable('order_payments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('establishment_id', 'text', (c) => c.notNull())
      // The order request's Idempotent-Key: a retry of the request finds its charge here.
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('card_id', 'text', (c) => c.notNull())
      // Integer centavos.
      .addColumn('amount', 'integer', (c) => c.notNull())
      // charging | captured | declined | attached | refund_pending | refunded
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('charge_id', 'text')
      .addColumn('order_id', 'text')
      // card | credit: where the money goes back if the order is cancelled.
      .addColumn('refund_type', 'text', (c) => c.notNull())
      .addColumn('refund_id', 'text')
      .addColumn('refunded_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('order_payments_key_attempt', ['user_id', 'idempotency_key', 'attempt'])
      .execute();
    await db.schema.createIndex('order_payments_status').on('order_payments').columns(['status', 'updated_at']).execute();
    await db.schema.createIndex('order_payments_order').on('order_payments').column('order_id').execute();

    await db.schema
      .createTable('pix_charges')
      .addColumn('txid', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().unique())
      .addColumn('establishment_id', 'text', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      // active | paid | expired | removed
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('location', 'text', (c) => c.notNull())
      .addColumn('copy_paste', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('end_to_end_id', 'text')
      .addColumn('paid_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('pix_charges_status').on('pix_charges').columns(['status', 'expires_at']).execute();

    await db.schema
      .createTable('pix_receipts')
      .addColumn('end_to_end_id', 'text', (c) => c.primaryKey())
      .addColumn('txid', 'text')
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('paid_at', 'text', (c) => c.notNull())
      // applied (paid its order) | refund_pending | refunded (a wrong amount, a late or second payment, a cancelled order) | unknown (no charge of ours)
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('refund_id', 'text')
      .addColumn('refunded_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('pix_receipts_outcome').on('pix_receipts').columns(['outcome', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('pix_receipts').execute();
    await db.schema.dropTable('pix_charges').execute();
    await db.schema.dropTable('order_payments').execute();
    await db.schema.alterTable('orders').dropColumn('payment_details').execute();
    await db.schema.alterTable('orders').dropColumn('payment_status').execute();
  },
};

// Promotions and loyalty (docs/api.md 'Coupons', 'Achievements', 'Credits', 'Referral'): an
// establishment's coupons and achievements from its catalogue (kept across imports: a coupon's
// uses survive a re-import; one left out of the file is archived, not deleted, so the orders that
// used it still name it), every use of a coupon (unique per coupon, customer and slot, so a
// customer's limit holds under concurrency) and of an achievement's reward (unique per
// achievement and customer), what an order's coupon or prize took off, the ledger's note and
// order, and each customer's referral code and who referred them. The ledger starts from the
// balances already held: an 'opening_balance' entry per user whose credits the ledger does not
// yet add up to.
const promotions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('coupons')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('establishment_id', 'text', (c) => c.notNull().references('establishments.id').onDelete('cascade'))
      // Normalised: no spaces, upper case.
      .addColumn('code', 'text', (c) => c.notNull())
      // fixed | percentage
      .addColumn('discount_type', 'text', (c) => c.notNull())
      .addColumn('value', 'integer', (c) => c.notNull())
      .addColumn('min_total_products', 'integer', (c) => c.notNull())
      .addColumn('max_total_products', 'integer', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      // ISO instants; ends_at exclusive; null = open end.
      .addColumn('starts_at', 'text')
      .addColumn('ends_at', 'text')
      // null = no limit in all.
      .addColumn('total_uses', 'integer')
      // Uses by orders not cancelled; moved only by conditional updates in the order's transaction.
      .addColumn('uses_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('uses_per_customer', 'integer', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull())
      // Left out of the latest catalogue import.
      .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('coupons_code').on('coupons').columns(['establishment_id', 'code']).execute();

    await db.schema
      .createTable('coupon_uses')
      .addColumn('coupon_id', 'text', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // 1..uses_per_customer: the customer's use it fills.
      .addColumn('slot', 'integer', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('coupon_uses_pk', ['coupon_id', 'user_id', 'slot'])
      .execute();

    await db.schema
      .createTable('achievements')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('establishment_id', 'text', (c) => c.notNull().references('establishments.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('goal_description', 'text', (c) => c.notNull())
      .addColumn('goal_type', 'text', (c) => c.notNull())
      .addColumn('goal_value', 'integer', (c) => c.notNull())
      // percentage | fixed | free_delivery
      .addColumn('reward_type', 'text', (c) => c.notNull())
      .addColumn('reward_value', 'integer', (c) => c.notNull())
      .addColumn('reward_description', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull())
      .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('achievements_establishment').on('achievements').columns(['establishment_id', 'sort']).execute();

    await db.schema
      .createTable('achievement_uses')
      .addColumn('achievement_id', 'text', (c) => c.notNull().references('achievements.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('order_id', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('achievement_uses_pk', ['achievement_id', 'user_id'])
      .execute();

    // What the order's coupon or prize was and took off (centavos), shown on the order.
    await db.schema.alterTable('orders').addColumn('coupon_code', 'text').execute();
    await db.schema.alterTable('orders').addColumn('achievement_name', 'text').execute();
    await db.schema
      .alterTable('orders')
      .addColumn('promotion_discount', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // Progress is counted from the customer's completed orders at an establishment.
    await db.schema.createIndex('orders_user_status').on('orders').columns(['user_id', 'establishment_id', 'status']).execute();

    // The ledger says what each movement was for.
    await db.schema.alterTable('credit_entries').addColumn('note', 'text').execute();
    await db.schema.alterTable('credit_entries').addColumn('order_id', 'text').execute();
    await sql`insert into credit_entries (id, user_id, amount, reason, reference, created_at)
      select 'ce_open_' || u.id, u.id, u.credits - coalesce((select sum(e.amount) from credit_entries e where e.user_id = u.id), 0),
        'opening_balance', 'opening:' || u.id, u.updated_at
      from users u
      where u.credits <> coalesce((select sum(e.amount) from credit_entries e where e.user_id = u.id), 0)`.execute(db);

    // The code a customer shares (unique per company, made on first use) and who referred them.
    await db.schema.alterTable('users').addColumn('referral_code', 'text').execute();
    await db.schema.alterTable('users').addColumn('referred_by', 'text').execute();
    await db.schema.alterTable('users').addColumn('referral_rewarded_at', 'text').execute();
    await db.schema.createIndex('users_referral_code').on('users').columns(['company_id', 'referral_code']).unique().execute();
    await db.schema.createIndex('users_referred_by').on('users').column('referred_by').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('users_referred_by').execute();
    await db.schema.dropIndex('users_referral_code').execute();
    for (const c of ['referral_rewarded_at', 'referred_by', 'referral_code']) await db.schema.alterTable('users').dropColumn(c).execute();
    await sql`delete from credit_entries where reason = 'opening_balance'`.execute(db);
    for (const c of ['order_id', 'note']) await db.schema.alterTable('credit_entries').dropColumn(c).execute();
    await db.schema.dropIndex('orders_user_status').execute();
    for (const c of ['promotion_discount', 'achievement_name', 'coupon_code']) await db.schema.alterTable('orders').dropColumn(c).execute();
    for (const t of ['achievement_uses', 'achievements', 'coupon_uses', 'coupons']) await db.schema.dropTable(t).execute();
  },
};

const rateLimits: Migration = {
  async up(db: Kysely<unknown>) {
    // Every limit on tries, sends and open endpoints counts here, one row per key and window, so
    // that every process of a deployment shares the count and a hit is counted and compared in
    // one statement (src/server/db/rate-limits-repo.ts). bigint: windows are ms since the epoch.
    await db.schema
      .createTable('rate_limit_counters')
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('rate_limit_counters_pk', ['key', 'window_start'])
      .execute();
    await db.schema.createIndex('rate_limit_counters_expiry').on('rate_limit_counters').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_limit_counters').execute();
  },
};

const moneyRecovery: Migration = {
  async up(db: Kysely<unknown>) {
    // An order's card charge whose outcome the gateway could not tell (a timeout, a 5xx) is
    // 'unknown' and asked about again (src/server/services/order-payments.ts): when the charge was
    // last sent, when it was last asked about (asks are spaced, whichever process asks), and how
    // many asks answered 'no charge under this key' (declined only after several, over minutes).
    await db.schema
      .alterTable('order_payments')
      .addColumn('sent_at', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('order_payments')
      .addColumn('asked_at', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('order_payments')
      .addColumn('asks', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update order_payments set sent_at = created_at`.execute(db);
    // The money jobs look for orders awaiting their Pix past its deadline and orders owing a
    // refund every minute: an index, not a scan of every order.
    await db.schema.createIndex('orders_payment_status').on('orders').columns(['payment_status', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_payment_status').execute();
    for (const c of ['asks', 'asked_at', 'sent_at']) await db.schema.alterTable('order_payments').dropColumn(c).execute();
  },
};

// What keeps card validation from being abused: a saved card's fingerprint (an HMAC of its number,
// keyed per company from the server's secret: src/server/services/cards.ts cardFingerprint), by
// which the card holder blacklist follows a card to every account of the company and the daily cap
// of validation charges counts per card whichever account saves it. Cards saved before have none
// (null): they are known by their id and their holder's document only. The caps themselves count
// in rate_limit_counters (0013).
const cardValidationLimits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('payment_cards').addColumn('fingerprint', 'text').execute();
    await db.schema.createIndex('payment_cards_fingerprint').on('payment_cards').columns(['company_id', 'fingerprint']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('payment_cards_fingerprint').execute();
    await db.schema.alterTable('payment_cards').dropColumn('fingerprint').execute();
  },
};

// Accounts that resist abuse (docs/api.md 'Accounts', 'Phone and e-mail verification'): login
// attempts are counted by the shared limiter (rate_limit_counters) before the password is checked,
// so the table of failed logins goes; a one-time code counts every check before comparing (column
// tries) and is kept as an HMAC under the server's secret, so the codes alive now, kept in the old
// form, are ended (a customer asks for a new one).
const accountAbuse: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropTable('login_failures').execute();
    await db.schema.alterTable('verification_codes').renameColumn('wrong_tries', 'tries').execute();
    await sql`update verification_codes set used_at = created_at where used_at is null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('verification_codes').renameColumn('tries', 'wrong_tries').execute();
    await db.schema
      .createTable('login_failures')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('failed_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_failures_user').on('login_failures').columns(['user_id', 'failed_at']).execute();
  },
};

// Data rights (docs/privacy.md) and the handover of a session to the storefront without its
// token in an address (docs/api.md 'POST /api/auth/handover'). An erased account keeps its row,
// emptied of personal data, so that its orders (kept for the establishment's fiscal records) still
// have the customer they reference; deleted_at marks it. A handover code is stored only as its
// SHA-256, for one establishment, and dies after one use or 60 seconds.
const dataRights: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();

    await db.schema
      .createTable('handover_codes')
      // SHA-256 of the code, hex.
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // The establishment where it may be exchanged (one of the user's company).
      .addColumn('establishment_id', 'text', (c) => c.notNull().references('establishments.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('handover_codes_user').on('handover_codes').column('user_id').execute();
    await db.schema.createIndex('handover_codes_expiry').on('handover_codes').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('handover_codes').execute();
    await db.schema.alterTable('users').dropColumn('deleted_at').execute();
  },
};

/**
 * The kitchen's finer steps (src/domain/order-lifecycle.ts): `step` is where the order is
 * (registered, confirmed, preparing, ready, dispatched, complete, canceled); `status` stays the
 * spec's four (the finer steps are all 'confirmed'), so every filter and rule on it keeps its meaning.
 */
const orderSteps: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('orders')
      .addColumn('step', 'text', (c) => c.notNull().defaultTo('registered'))
      .execute();
    await (db as Kysely<{ orders: { step: string; status: string } }>)
      .updateTable('orders')
      .set((eb) => ({ step: eb.ref('status') }))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('step').execute();
  },
};

/** The order screen reads an establishment's open orders and the day's (orders-repo listBoardOrderRows). */
const orderBoard: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('orders_establishment_status').on('orders').columns(['establishment_id', 'status']).execute();
    await db.schema.createIndex('orders_establishment_created').on('orders').columns(['establishment_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_establishment_created').execute();
    await db.schema.dropIndex('orders_establishment_status').execute();
  },
};

/**
 * The establishment's people (docs/api.md 'Staff'): staff members apart from the customers (users),
 * each of one establishment with a role ('owner' or 'staff') and an Argon2id password hash;
 * invitations sent by e-mail, of which only the token's SHA-256 is kept, valid until expires_at
 * and spent once (accepted_at); and staff sessions, of which only the token's SHA-256 is kept.
 */
const staff: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('staff_members')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('establishment_id', 'text', (c) => c.notNull().references('establishments.id').onDelete('cascade'))
      // Lower-cased.
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      // 'owner' | 'staff' (src/domain/staff-permissions.ts).
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('staff_members_establishment_email').on('staff_members').columns(['establishment_id', 'email']).unique().execute();

    await db.schema
      .createTable('staff_invitations')
      // SHA-256 of the token, hex: the token itself is only in the e-mail.
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('establishment_id', 'text', (c) => c.notNull().references('establishments.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('invited_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      // Set once, by the one accept that spends it.
      .addColumn('accepted_at', 'text')
      .execute();
    await db.schema.createIndex('staff_invitations_establishment').on('staff_invitations').column('establishment_id').execute();

    await db.schema
      .createTable('staff_sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('member_id', 'text', (c) => c.notNull().references('staff_members.id').onDelete('cascade'))
      .addColumn('establishment_id', 'text', (c) => c.notNull().references('establishments.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('staff_sessions_member').on('staff_sessions').column('member_id').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['staff_sessions', 'staff_invitations', 'staff_members']) await db.schema.dropTable(t).execute();
  },
};

/**
 * The establishment marks a product sold out and back (docs/api.md 'Sold out'); a variation item's
 * flag lives with the item in products.variations (JSON), so only the product needs a column.
 */
const soldOut: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('products')
      .addColumn('sold_out', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('products').dropColumn('sold_out').execute();
  },
};

/**
 * An invitation's own id, so the owner's panel can list and revoke one without the token's hash
 * ever leaving the server. Added nullable (both engines add a column to rows already there) and
 * filled for those rows; every invitation written since carries one.
 */
const staffInvitationIds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('staff_invitations').addColumn('id', 'text').execute();
    const rows = await sql<{ token_hash: string }>`select token_hash from staff_invitations`.execute(db);
    for (const row of rows.rows) await sql`update staff_invitations set id = ${randomId()} where token_hash = ${row.token_hash}`.execute(db);
    await db.schema.createIndex('staff_invitations_id').on('staff_invitations').column('id').unique().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('staff_invitations_id').execute();
    await db.schema.alterTable('staff_invitations').dropColumn('id').execute();
  },
};

/**
 * Kitchen capacity (docs/api.md 'Kitchen capacity', src/domain/slot-capacity.ts): each order keeps
 * the 15-minute slot it takes (`slot_at`, the slot's first instant, ISO), and `slot_loads` counts
 * the orders not cancelled of each establishment, delivery type and slot. An order takes its place
 * with a conditional UPDATE of that row in the order's own transaction (the row stays locked on
 * PostgreSQL until commit), so a cap holds under parallel orders on both engines; a cancellation
 * gives it back in its own. A row is created when a slot is first used, counting the orders already
 * there. The orders placed before are given their slot: a scheduled order its time (a quarter
 * hour), an open order as soon as possible the quarter hour after its placing plus its shortest
 * time, as the order would take it now.
 */
const slotCapacity: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('slot_at', 'text').execute();
    await db.schema.createIndex('orders_establishment_slot').on('orders').columns(['establishment_id', 'slot_at']).execute();
    await db.schema
      .createTable('slot_loads')
      .addColumn('establishment_id', 'text', (c) => c.notNull().references('establishments.id').onDelete('cascade'))
      .addColumn('delivery_type', 'text', (c) => c.notNull())
      .addColumn('slot_at', 'text', (c) => c.notNull())
      .addColumn('orders', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('slot_loads_pk', ['establishment_id', 'delivery_type', 'slot_at'])
      .execute();
    const typed = db as Kysely<{
      orders: {
        id: string;
        establishment_id: string;
        status: string;
        scheduled_at: string | null;
        created_at: string;
        time_min: number;
        slot_at: string | null;
      };
      establishments: { id: string; time_zone: string };
    }>;
    await typed
      .updateTable('orders')
      .set((eb) => ({ slot_at: eb.ref('scheduled_at') }))
      .where('scheduled_at', 'is not', null)
      .execute();
    const open = await typed
      .selectFrom('orders')
      .innerJoin('establishments', 'establishments.id', 'orders.establishment_id')
      .select(['orders.id', 'orders.created_at', 'orders.time_min', 'establishments.time_zone'])
      .where('orders.scheduled_at', 'is', null)
      .where('orders.status', 'in', ['registered', 'confirmed'])
      .execute();
    for (const o of open) {
      const slot = asapSlot(Temporal.Instant.from(o.created_at), establishmentTimeZone(o.time_zone), Number(o.time_min)).toString();
      await typed.updateTable('orders').set({ slot_at: slot }).where('id', '=', o.id).execute();
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('slot_loads').execute();
    await db.schema.dropIndex('orders_establishment_slot').execute();
    await db.schema.alterTable('orders').dropColumn('slot_at').execute();
  },
};

/**
 * Open Delivery v1.3 (docs/open-delivery.md): the OAuth2 clients of an establishment's POS (only
 * the secret's SHA-256 is kept; revoked ones stay, revoked_at set), their access tokens (only the
 * token's SHA-256, with its expiry), the orders the POS was told of (our order id beside the
 * standard's UUID, so a route's orderId is looked up) and the event log the POS polls and
 * acknowledges, with the webhook delivery state of each event.
 */
const openDelivery: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('od_clients')
      .addColumn('client_id', 'text', (c) => c.primaryKey())
      .addColumn('establishment_id', 'text', (c) => c.notNull().references('establishments.id').onDelete('cascade'))
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('webhook_url', 'text')
      // The standard signs each webhook with an HMAC keyed by the client secret, so a client with
      // a webhook keeps its secret sealed to the server's key (JSON sealed box); null otherwise.
      .addColumn('webhook_secret', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('od_clients_establishment').on('od_clients').column('establishment_id').execute();
    await db.schema
      .createTable('od_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('client_id', 'text', (c) => c.notNull().references('od_clients.client_id').onDelete('cascade'))
      .addColumn('establishment_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('od_orders')
      .addColumn('od_id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
      .addColumn('establishment_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('od_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('establishment_id', 'text', (c) => c.notNull().references('establishments.id').onDelete('cascade'))
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('od_order_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      // The establishment's events in the order they were written (one more than its last), so
      // events of one instant still poll in order.
      .addColumn('seq', 'integer', (c) => c.notNull())
      // JSON metadata of the cancellation events, or null.
      .addColumn('metadata', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('acknowledged_at', 'text')
      // The webhook (newEvent): 'none' when no client of the establishment has one, else
      // 'pending' until sent ('sent') or given up ('failed').
      .addColumn('webhook_state', 'text', (c) => c.notNull().defaultTo('none'))
      .addColumn('webhook_tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('webhook_next_at', 'text')
      .execute();
    await db.schema.createIndex('od_events_pending').on('od_events').columns(['establishment_id', 'acknowledged_at', 'seq']).execute();
    await db.schema.createIndex('od_events_webhook').on('od_events').columns(['webhook_state', 'webhook_next_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('od_events').execute();
    await db.schema.dropTable('od_orders').execute();
    await db.schema.dropTable('od_tokens').execute();
    await db.schema.dropTable('od_clients').execute();
  },
};

/**
 * Ordering at the table (docs/decisions-product.md 'Ordering at the table'): an establishment's
 * numbered tables, each with the random key its QR code carries (kept as is: the panel prints it
 * again; renewing it makes the old QR codes refused) and the id of its open tab; the tabs (a
 * table's orders from the first after a close until the staff close it again); and on each order
 * its table and tab.
 */
const tables: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('establishment_tables')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('establishment_id', 'text', (c) => c.notNull().references('establishments.id').onDelete('cascade'))
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      // The tab its orders join now; null until an order opens one, again null once it is closed.
      .addColumn('open_tab_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('key_renewed_at', 'text')
      .addUniqueConstraint('establishment_tables_number', ['establishment_id', 'number'])
      .execute();
    await db.schema
      .createTable('table_tabs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('establishment_id', 'text', (c) => c.notNull().references('establishments.id').onDelete('cascade'))
      .addColumn('table_number', 'integer', (c) => c.notNull())
      .addColumn('opened_at', 'text', (c) => c.notNull())
      .addColumn('closed_at', 'text')
      .execute();
    await db.schema.createIndex('table_tabs_open').on('table_tabs').columns(['establishment_id', 'closed_at']).execute();
    await db.schema.alterTable('orders').addColumn('table_number', 'integer').execute();
    await db.schema.alterTable('orders').addColumn('table_tab_id', 'text').execute();
    await db.schema.createIndex('orders_table_tab').on('orders').column('table_tab_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_table_tab').execute();
    await db.schema.alterTable('orders').dropColumn('table_tab_id').execute();
    await db.schema.alterTable('orders').dropColumn('table_number').execute();
    await db.schema.dropTable('table_tabs').execute();
    await db.schema.dropTable('establishment_tables').execute();
  },
};

/** Migrations by name; names sort in the order they apply. */
export const migrations: Record<string, Migration> = {
  '0001_catalogue': initialCatalogue,
  '0002_accounts': accounts,
  '0003_checkout': checkout,
  '0004_search_index': dropSearchText,
  '0005_account_feedback': accountFeedback,
  '0006_order_followup': orderFollowup,
  '0007_contact_verification': contactVerification,
  '0008_payment_gateway': paymentGateway,
  '0009_payment_cards': paymentCards,
  '0010_pix_sandbox': pixSandbox,
  '0011_order_payments': orderPayments,
  '0012_promotions': promotions,
  '0013_rate_limits': rateLimits,
  '0014_money_recovery': moneyRecovery,
  '0015_card_validation_limits': cardValidationLimits,
  '0016_account_abuse': accountAbuse,
  '0017_data_rights': dataRights,
  '0018_order_steps': orderSteps,
  '0019_staff': staff,
  '0020_open_delivery': openDelivery,
  '0021_order_board': orderBoard,
  '0022_sold_out': soldOut,
  '0023_slot_capacity': slotCapacity,
  '0024_tables': tables,
  '0025_staff_invitation_ids': staffInvitationIds,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
