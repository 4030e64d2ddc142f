import { randomBytes } from 'node:crypto';
import type { PaystackChannel } from '@shop/shared';
import type { Database } from '../../../../db/client';
import type { PaystackStatus } from '../paystack/paystack-client';

// The test gateway's transactions, in the shop's database (migration 0004) so that every server
// process on one database sees the same payments: a customer may pay through one process and
// the shop verify through another.
//
// NOTE: the channels a transaction allows are kept inside its metadata (jsonb) under
// CHANNELS_KEY, which fromRow takes out again: the table is the gateway's alone and never exists in
// production, so this spares a migration (docs/decisions/024-receipts-and-paystack-channels.md).

const CHANNELS_KEY = '__test_gateway_channels';

function withoutChannels(metadata: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!metadata || !(CHANNELS_KEY in metadata)) return metadata;
  const { [CHANNELS_KEY]: _ignored, ...rest } = metadata;
  return rest;
}

export interface GatewayTransaction {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  amountKobo: number;
  currency: string;
  status: PaystackStatus;
  gatewayResponse: string | null;
  channel: string | null;
  /** The channels its window offers (initialize's `channels`); card alone when none were named. */
  channels: PaystackChannel[];
  cardLast4: string | null;
  metadata: Record<string, unknown> | null;
  callbackUrl: string | null;
  refundedKobo: number;
  paidAt: string | null;
  createdAt: string;
}

interface Row {
  id: string | number;
  reference: string;
  access_code: string;
  email: string;
  amount_kobo: string | number;
  currency: string;
  status: PaystackStatus;
  gateway_response: string | null;
  channel: string | null;
  card_last4: string | null;
  metadata: Record<string, unknown> | string | null;
  callback_url: string | null;
  refunded_kobo: string | number;
  paid_at: Date | string | null;
  created_at: Date | string;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function fromRow(row: Row): GatewayTransaction {
  const stored: Record<string, unknown> | null =
    typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata;
  const { [CHANNELS_KEY]: channels, ...metadata } = stored ?? {};
  return {
    id: Number(row.id),
    reference: row.reference,
    accessCode: row.access_code,
    email: row.email,
    amountKobo: Number(row.amount_kobo),
    currency: row.currency,
    status: row.status,
    gatewayResponse: row.gateway_response,
    channel: row.channel,
    channels: Array.isArray(channels) && channels.length > 0 ? (channels as PaystackChannel[]) : ['card'],
    cardLast4: row.card_last4,
    metadata: stored === null || (CHANNELS_KEY in stored && Object.keys(metadata).length === 0) ? null : metadata,
    callbackUrl: row.callback_url,
    refundedKobo: Number(row.refunded_kobo),
    paidAt: iso(row.paid_at),
    createdAt: iso(row.created_at) as string,
  };
}

export class GatewayStore {
  constructor(private readonly database: Database) {}

  /** A new transaction, or null when the reference is taken. */
  async create(input: {
    reference: string;
    email: string;
    amountKobo: number;
    currency: string;
    metadata?: Record<string, unknown>;
    callbackUrl?: string;
    channels?: readonly PaystackChannel[];
  }): Promise<GatewayTransaction | null> {
    const accessCode = randomBytes(9)
      .toString('base64url')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '0');
    const rows = await this.database.query<Row>(
      `INSERT INTO test_gateway_transactions (reference, access_code, email, amount_kobo, currency, metadata, callback_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (reference) DO NOTHING
       RETURNING *`,
      [
        input.reference,
        accessCode,
        input.email,
        input.amountKobo,
        input.currency,
        input.metadata === undefined && input.channels === undefined
          ? null
          : JSON.stringify({
              // The caller's metadata never names the channels: only initialize's `channels` does.
              ...withoutChannels(input.metadata),
              ...(input.channels === undefined ? {} : { [CHANNELS_KEY]: input.channels }),
            }),
        input.callbackUrl ?? null,
      ],
    );
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async byReference(reference: string): Promise<GatewayTransaction | null> {
    const rows = await this.database.query<Row>('SELECT * FROM test_gateway_transactions WHERE reference = $1', [
      reference,
    ]);
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async byAccessCode(accessCode: string): Promise<GatewayTransaction | null> {
    const rows = await this.database.query<Row>('SELECT * FROM test_gateway_transactions WHERE access_code = $1', [
      accessCode,
    ]);
    return rows[0] ? fromRow(rows[0]) : null;
  }

  /**
   * Marks a transaction paid through a channel (a card's last 4 digits with it), once: null when it
   * was already paid (or refunded), so one charge sends one webhook.
   */
  async markPaid(
    accessCode: string,
    payment: { channel: PaystackChannel; cardLast4?: string },
  ): Promise<GatewayTransaction | null> {
    const rows = await this.database.query<Row>(
      `UPDATE test_gateway_transactions
          SET status = 'success', gateway_response = 'Successful', channel = $2, card_last4 = $3, paid_at = now()
        WHERE access_code = $1 AND status NOT IN ('success', 'reversed')
        RETURNING *`,
      [accessCode, payment.channel, payment.cardLast4 ?? null],
    );
    return rows[0] ? fromRow(rows[0]) : null;
  }

  /** A failed attempt; the customer may try again (another card, another channel) on the same transaction, as on Paystack. */
  async markFailed(
    accessCode: string,
    gatewayResponse: string,
    payment: { channel: PaystackChannel; cardLast4?: string },
  ): Promise<void> {
    await this.database.query(
      `UPDATE test_gateway_transactions
          SET status = 'failed', gateway_response = $2, channel = $3, card_last4 = $4
        WHERE access_code = $1 AND status NOT IN ('success', 'reversed')`,
      [accessCode, gatewayResponse, payment.channel, payment.cardLast4 ?? null],
    );
  }

  /** Takes a refund off a paid transaction; null when more than what is left is asked for. */
  async refund(reference: string, amountKobo: number | undefined): Promise<GatewayTransaction | null> {
    const rows = await this.database.query<Row>(
      `UPDATE test_gateway_transactions
          SET refunded_kobo = refunded_kobo + COALESCE($2::bigint, amount_kobo - refunded_kobo),
              status = CASE WHEN refunded_kobo + COALESCE($2::bigint, amount_kobo - refunded_kobo) >= amount_kobo
                            THEN 'reversed' ELSE status END
        WHERE reference = $1 AND status = 'success'
          AND refunded_kobo + COALESCE($2::bigint, amount_kobo - refunded_kobo) <= amount_kobo
          AND COALESCE($2::bigint, amount_kobo - refunded_kobo) > 0
        RETURNING *`,
      [reference, amountKobo ?? null],
    );
    return rows[0] ? fromRow(rows[0]) : null;
  }
}
