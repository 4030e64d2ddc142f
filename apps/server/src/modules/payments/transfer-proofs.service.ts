import { randomBytes } from 'node:crypto';
import {
  ORDER_MESSAGES,
  type Order,
  TRANSFER_PROOF_MESSAGES as P,
  TRANSFER_PROOF_MAX_BYTES,
  type TransferProofType,
} from '@shop/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Transaction } from '../../db/client';
import { AppError } from '../../lib/errors';
import { enqueueEmail } from '../../mail/outbox-email';
import { shopInbox } from '../../mail/shop-inbox';
import { type RateLimitStore, spendLimit } from '../../plugins/rate-limit';
import type { Storage, StoredObject } from '../../storage';
import { MAX_INPUT_PIXELS, sniffImageType } from '../catalog/image-pipeline';
import type { Caller, OrderRow } from './payment-method';
import { type TransferProofRow, type TransferProofsRepository, toTransferProof } from './transfer-proofs.repository';

/** Uploads per customer: a person sends one, maybe a better one after a rejection. */
export const TRANSFER_PROOF_UPLOAD_LIMIT = { max: 10, windowMs: 60 * 60_000 };

const EXTENSIONS: Record<TransferProofType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

const notFound = () =>
  new AppError('NOT_FOUND', ORDER_MESSAGES.orderNotFound, { extra: { detail: ORDER_MESSAGES.orderNotFoundDetail } });
export const proofTooLarge = () => new AppError('PAYLOAD_TOO_LARGE', P.tooLarge);
const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', P.unsupportedType);

/** An order a proof is for: a bank transfer the shop still waits for. */
const awaitsTransfer = (order: Pick<OrderRow, 'paymentMethod' | 'paymentStatus' | 'status'>) =>
  order.paymentMethod === 'bankTransfer' && order.paymentStatus === 'UNPAID' && order.status === 'PENDING';

/**
 * The type of a proof from its bytes: a JPEG, PNG or WebP picture (the image pipeline's sniffing)
 * or a PDF (`%PDF-` at its start); undefined for anything else, whatever its name says.
 */
export function sniffProofType(bytes: Buffer): TransferProofType | undefined {
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  const image = sniffImageType(bytes);
  if (image === 'jpeg') return 'image/jpeg';
  if (image === 'png') return 'image/png';
  if (image === 'webp') return 'image/webp';
  return undefined;
}

/**
 * The customer's file name, safe to keep and to send back in Content-Disposition: its last path
 * part, letters, digits, `.`, `-`, `_` and spaces only, at most 100 characters, ending with the
 * extension of what the bytes are (a `.html` name never comes back).
 */
export function safeFileName(name: string, type: TransferProofType): string {
  const extension = EXTENSIONS[type];
  const base = (name.split(/[\\/]/).pop() ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._ -]+/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s_-]+/, '')
    .replace(/\.[A-Za-z0-9]{1,8}$/, '')
    .replace(/[.\s]+$/, '')
    .slice(0, 90);
  return `${base || 'proof'}.${extension}`;
}

/**
 * A picture is written again without its metadata (the phone's location, its camera), upright,
 * in its own format (sharp keeps no metadata unless asked); one that cannot be read is refused.
 * A PDF is kept as it came.
 */
async function cleaned(bytes: Buffer, type: TransferProofType): Promise<Buffer> {
  if (type === 'application/pdf') return bytes;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false }).rotate();
    const out =
      type === 'image/jpeg'
        ? image.jpeg({ quality: 90 })
        : type === 'image/png'
          ? image.png()
          : image.webp({ quality: 90 });
    return await out.toBuffer();
  } catch (error) {
    if (/pixel limit/i.test(String((error as Error)?.message))) throw proofTooLarge();
    throw unsupported();
  }
}

export interface TransferProofsOptions {
  rateLimits: RateLimitStore;
  log: FastifyBaseLogger;
  shopUrl?: string;
  /** The settings' inboxes now (shopInbox). */
  inbox: () => Promise<{ ordersEmail?: string; contactEmail?: string }>;
  onEmailQueued: () => void;
}

/**
 * Proofs of bank transfers (docs/payments.md "Transfer proofs", decision 023): the customer
 * uploads one to an unpaid transfer order; it is kept in the PRIVATE storage under a random key
 * and read back only through this service, by the order's owner or an admin; an admin rejects
 * it with a reason (confirming is the bank transfer's confirm, which marks it confirmed).
 */
export class TransferProofsService {
  constructor(
    private readonly repository: TransferProofsRepository,
    private readonly orders: FastifyInstance['orders'],
    private readonly storage: Storage,
    private readonly options: TransferProofsOptions,
  ) {}

  /** The order the customer may upload a proof to: their own (404 otherwise), awaiting a transfer (409). */
  async uploadTarget(user: Caller, idOrNumber: string): Promise<OrderRow> {
    const order = await this.orders.service.visibleOrder(user, idOrNumber);
    // Only its owner uploads; an admin reaching someone's order here is told what anyone is.
    if (order.userId !== user.id) throw notFound();
    if (!awaitsTransfer(order)) throw new AppError('ORDER_NOT_AWAITING_TRANSFER', P.notAwaitingTransfer);
    await spendLimit(
      this.options.rateLimits,
      `transfer-proof:${user.id}`,
      TRANSFER_PROOF_UPLOAD_LIMIT,
      P.tooManyUploads,
    );
    return order;
  }

  /**
   * POST /api/orders/{id}/transfer-proof: checks the bytes, stores the file, and in one
   * transaction (the order locked, its state checked again) replaces a pending proof, writes the
   * new one, notes it in the history and queues the shop's email.
   */
  async upload(user: Caller, order: OrderRow, file: { filename: string; bytes: Buffer }): Promise<Order> {
    if (file.bytes.length > TRANSFER_PROOF_MAX_BYTES) throw proofTooLarge();
    if (file.bytes.length === 0)
      throw new AppError('INVALID_INPUT', P.fileRequired, { errors: { file: P.fileRequired } });
    const type = sniffProofType(file.bytes);
    if (!type) throw unsupported();
    const bytes = await cleaned(file.bytes, type);
    const fileName = safeFileName(file.filename, type);
    const key = `proof-${randomBytes(24).toString('hex')}.${EXTENSIONS[type]}`;
    await this.storage.put(key, bytes, type);

    let replaced: string[] = [];
    try {
      replaced = await this.orders.service.withLockedOrder(order.id, async (tx, locked) => {
        if (!awaitsTransfer(locked)) throw new AppError('ORDER_NOT_AWAITING_TRANSFER', P.notAwaitingTransfer);
        const previous = await this.repository.deletePending(tx, locked.id);
        await this.repository.insert(tx, {
          orderId: locked.id,
          storageKey: key,
          contentType: type,
          sizeBytes: bytes.length,
          fileName,
          uploadedBy: user.id,
        });
        await this.orders.repository.insertHistory(tx, {
          orderId: locked.id,
          field: 'note',
          actor: 'customer',
          note: `Transfer proof uploaded: ${fileName}`,
        });
        await this.mailShop(tx, locked, fileName);
        return previous;
      });
    } catch (error) {
      await this.storage.delete(key).catch(() => {});
      throw error;
    }
    this.options.onEmailQueued();
    // The replaced files go once the new one is committed; one left behind harms nobody.
    for (const old of replaced) {
      await this.storage
        .delete(old)
        .catch((error) => this.options.log.warn({ err: error }, 'a replaced transfer proof could not be deleted'));
    }
    return this.orders.service.freshOrder(order, user);
  }

  private async mailShop(tx: Transaction, order: OrderRow, fileName: string) {
    const inbox = await shopInbox(tx, await this.options.inbox());
    if (!inbox) return;
    await enqueueEmail(tx, {
      to: inbox,
      template: 'transfer-proof-shop',
      data: {
        orderNumber: order.orderNumber,
        customerName: `${order.customerFirstName} ${order.customerLastName}`,
        customerEmail: order.customerEmail,
        totalKobo: order.totalKobo,
        fileName,
        ...(this.options.shopUrl ? { adminUrl: `${this.options.shopUrl}/admin/orders/${order.id}` } : {}),
      },
    });
  }

  /** GET /api/orders/{id}/transfer-proof: the file, for the order's owner or an admin; 404 for anyone else. */
  async read(user: Caller, idOrNumber: string): Promise<{ proof: TransferProofRow; file: StoredObject }> {
    const order = await this.orders.service.visibleOrder(user, idOrNumber);
    const proof = await this.repository.latestOf(order.id);
    const file = proof ? await this.storage.get(proof.storageKey) : undefined;
    if (!proof || !file) throw new AppError('NOT_FOUND', 'This order has no proof of payment');
    return { proof, file };
  }

  /**
   * PATCH /api/orders/{id}/reject-transfer (admins): the pending proof is rejected with the
   * reason; the order stays unpaid and keeps its deadline; a history note and the customer's
   * email (transfer-proof-rejected) go in the same transaction.
   */
  async reject(admin: Caller, idOrNumber: string, reason: string): Promise<Order> {
    const order = await this.orders.service.visibleOrder(admin, idOrNumber);
    const actor = `admin:${admin.email}`;
    await this.orders.service.withLockedOrder(order.id, async (tx, locked) => {
      if (!awaitsTransfer(locked)) throw new AppError('ORDER_NOT_AWAITING_TRANSFER', P.notAwaitingTransfer);
      const reviewed = await this.repository.reviewPending(tx, locked.id, { status: 'rejected', reason, by: actor });
      if (!reviewed) throw new AppError('TRANSFER_PROOF_NOT_PENDING', P.notPending);
      await this.orders.repository.insertHistory(tx, {
        orderId: locked.id,
        field: 'note',
        actor,
        note: `Transfer proof rejected: ${reason}`,
      });
      await enqueueEmail(tx, {
        to: locked.customerEmail,
        template: 'transfer-proof-rejected',
        data: {
          firstName: locked.customerFirstName,
          orderNumber: locked.orderNumber,
          reason,
          totalKobo: locked.totalKobo,
          ...(locked.expiresAt ? { deadline: locked.expiresAt.toISOString() } : {}),
          ...(this.options.shopUrl ? { orderUrl: `${this.options.shopUrl}/orders/${locked.id}` } : {}),
        },
      });
    });
    this.options.onEmailQueued();
    return this.orders.service.freshOrder(order, admin);
  }

  /** Order.transferProof (the orders module asks through OrderPayments). */
  async proofOf(orderId: string) {
    return toTransferProof(await this.repository.latestOf(orderId));
  }
}
