import { createHash } from 'node:crypto';
import {
  SHOP_INFO_DEFAULTS,
  type ShopInfo,
  type ShopSettings,
  type ShopSettingsAnswer,
  type ShopSettingsChange,
  type ShopSettingsFieldChange,
  shopSettingsSchema,
} from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { ChangeCache } from '../../lib/change-cache';
import { DEFAULT_EMAIL_SHOP, type EmailShop } from '../../mail/templates';
import type { SavedSettingsRow, SettingsRepository } from './settings.repository';

/** The channel of migration 0013's trigger: every committed change of shop_settings, from any process. */
export const SETTINGS_CHANNEL = 'settings_changed';

/**
 * How long a process keeps the settings without a notice: only matters when a notice is lost
 * (the LISTEN connection was down when another process saved), and bounds how stale they can be.
 */
export const SETTINGS_TTL_MS = 60_000;

/**
 * The settings of a database where none were saved: the shop's demo details, and what the
 * environment said before there was a Settings tab (BANK_*, ORDERS_EMAIL, CONTACT_EMAIL,
 * PAY_ON_DELIVERY_CAP_NAIRA, ORDER_PAYMENT_WINDOW_MINUTES, BANK_TRANSFER_WINDOW_HOURS). Once
 * the admin saves, the database wins: these are first values only (decision 025).
 */
export function firstSettings(config: AppConfig): ShopSettings {
  return {
    ...SHOP_INFO_DEFAULTS,
    email: config.contactEmail ?? SHOP_INFO_DEFAULTS.email,
    bankAccount: { ...config.payments.bankTransfer },
    ordersEmail: config.ordersEmail ?? null,
    payOnDeliveryCapNaira: config.payments.payOnDeliveryCapNaira,
    cardPaymentWindowMinutes: config.orders.paymentWindowMinutes,
    bankTransferWindowHours: config.orders.bankTransferWindowHours,
    podConfirmWindowHours: config.orders.podConfirmWindowHours,
  };
}

/** `{address: {city: 'Lagos'}}` → `address.city: 'Lagos'`; lists (opening hours) stay one field. */
function flatten(value: unknown, prefix: string, into: Map<string, unknown>): Map<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

/** Each field whose value differs, by its dotted path, with the value before and after. */
export function diffSettings(before: ShopSettings, after: ShopSettings): ShopSettingsFieldChange[] {
  const was = flatten(before, '', new Map());
  const now = flatten(after, '', new Map());
  const changes: ShopSettingsFieldChange[] = [];
  for (const field of new Set([...now.keys(), ...was.keys()])) {
    const from = was.get(field) ?? null;
    const to = now.get(field) ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes.push({ field, from, to });
  }
  return changes;
}

/** What one read of the settings gives every reader of this process until the next change. */
interface Loaded {
  settings: ShopSettings;
  /** The row, or null: nothing saved, the first values apply. */
  saved: SavedSettingsRow | null;
  info: ShopInfo;
  /** GET /api/settings, ready to send and to embed in pages (the same Buffer until a change). */
  infoBody: Buffer;
  etag: string;
}

export interface SettingsServiceOptions {
  log: FastifyBaseLogger;
  ttlMs?: number;
}

/**
 * The shop's settings (decision 025): read once per process and kept until a change (NOTIFY
 * settings_changed at commit, from the table's trigger, reaches every process; a TTL bounds a
 * lost notice); saved by the admin with a record of each change.
 */
export class SettingsService {
  private readonly cache: ChangeCache<Loaded>;
  private loads = 0;
  private latestLoad = 0;
  private latestLoaded: Loaded;
  private stopListening: (() => Promise<void>) | undefined;
  readonly first: ShopSettings;

  constructor(
    private readonly database: Database,
    private readonly repository: SettingsRepository,
    private readonly config: AppConfig,
    private readonly options: SettingsServiceOptions,
  ) {
    this.cache = new ChangeCache({ ttlMs: options.ttlMs ?? SETTINGS_TTL_MS, maxEntries: 1 });
    this.first = firstSettings(config);
    this.latestLoaded = this.loaded(this.first, null);
  }

  /** Reads the settings and listens for their changes; the module calls it before the app is ready. */
  async start(): Promise<void> {
    this.stopListening = await this.database.listen(SETTINGS_CHANNEL, () => this.forget());
    await this.current();
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
  }

  /** The settings now: from this process's copy, read again after a change. */
  async current(): Promise<ShopSettings> {
    return (await this.load()).settings;
  }

  /**
   * The settings as last read, without waiting: for the few synchronous readers (a payment
   * method's hold). A caller that needs them fresh awaits current() first.
   */
  latest(): ShopSettings {
    return this.latestLoaded.settings;
  }

  /** The public part: what every page shows. */
  async info(): Promise<ShopInfo> {
    return (await this.load()).info;
  }

  /**
   * The shop as its emails show it: the public details, under the name the emails have always
   * signed with (SHOP_NAME) until the admin saves one.
   */
  async emailShop(): Promise<EmailShop> {
    const { info, saved } = await this.load();
    return saved ? info : { ...info, name: DEFAULT_EMAIL_SHOP.name };
  }

  /** GET /api/settings as a ready body and its ETag; the same Buffer until the settings change. */
  async publicAnswer(): Promise<{ body: Buffer; etag: string }> {
    const { infoBody, etag } = await this.load();
    return { body: infoBody, etag };
  }

  /**
   * Where the shop's own emails go (shopInbox): the orders email for order emails; the shop's
   * email once saved in the admin (before that CONTACT_EMAIL, so a shop that never set one still
   * mails its first admin rather than the demo address).
   */
  async inbox(): Promise<{ ordersEmail?: string; contactEmail?: string }> {
    const { settings, saved } = await this.load();
    return {
      ordersEmail: settings.ordersEmail ?? undefined,
      contactEmail: saved ? settings.email : this.config.contactEmail,
    };
  }

  /** GET /api/settings/admin: read from the database, so an admin sees the last save whichever process made it. */
  async adminAnswer(): Promise<ShopSettingsAnswer> {
    const saved = await this.repository.read();
    return {
      settings: saved ? this.fromRow(saved.settings) : this.first,
      updatedAt: saved?.updatedAt.toISOString() ?? null,
      updatedBy: saved?.updatedBy ?? null,
    };
  }

  /**
   * PUT /api/settings: the whole object, already checked by shopSettingsSchema. Compared with
   * what is in force, field by field; a save that changes nothing writes nothing. The row and
   * its change record are one transaction, whose commit tells every process (the trigger).
   */
  async save(settings: ShopSettings, admin: { id: string; email: string }): Promise<ShopSettingsAnswer> {
    const changed = await this.repository.transaction(async (tx) => {
      await this.repository.lockForSave(tx);
      const saved = await this.repository.read(tx);
      const changes = diffSettings(saved ? this.fromRow(saved.settings) : this.first, settings);
      if (changes.length === 0) return [];
      await this.repository.write(tx, settings, admin.id, changes);
      return changes;
    });
    if (changed.length > 0) {
      // This process's next read shows the change at once; the notice follows for the others.
      this.forget();
      this.options.log.info({ fields: changed.map((change) => change.field), by: admin.id }, 'shop settings saved');
    }
    return this.adminAnswer();
  }

  /** GET /api/settings/changes: newest first. */
  async changes(page: number, pageSize: number) {
    const { rows, total } = await this.repository.changes(page, pageSize);
    const changes: ShopSettingsChange[] = rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      by: row.by,
      changes: row.changes,
    }));
    return { changes, page, pageSize, total };
  }

  /** Drops this process's copy and reads again at once, so latest() follows. */
  private forget() {
    this.cache.clear();
    this.load().catch((error) => this.options.log.warn({ err: error }, 'the shop settings could not be read again'));
  }

  private load(): Promise<Loaded> {
    return this.cache.get('settings', async () => {
      const order = ++this.loads;
      const saved = await this.repository.read();
      const loaded = this.loaded(saved ? this.fromRow(saved.settings) : this.first, saved);
      // Two reads may overlap (a notice during a read): the later one's answer stays.
      if (order > this.latestLoad) {
        this.latestLoad = order;
        this.latestLoaded = loaded;
      }
      return loaded;
    });
  }

  private loaded(settings: ShopSettings, saved: SavedSettingsRow | null): Loaded {
    const { name, phone, whatsapp, email, address, mapUrl, openingHours } = settings;
    const info: ShopInfo = { name, phone, whatsapp, email, address, mapUrl, openingHours };
    const infoBody = Buffer.from(JSON.stringify(info));
    const etag = `W/"${createHash('sha1').update(infoBody).digest('base64url').slice(0, 22)}"`;
    return { settings, saved, info, infoBody, etag };
  }

  /**
   * A saved row over the first values, so a field added in a later version starts from its first
   * value; checked again by the shared rules, and kept as it is (with a warning) if a rule has
   * since become stricter, rather than stopping the shop.
   */
  private fromRow(stored: ShopSettings): ShopSettings {
    const merged = { ...this.first, ...stored };
    const parsed = shopSettingsSchema.safeParse(merged);
    if (parsed.success) return parsed.data;
    this.options.log.warn(
      { fields: parsed.error.issues.map((issue) => issue.path.join('.')) },
      'the saved shop settings no longer pass the rules: kept as they are until the admin saves them again',
    );
    return merged;
  }
}
