import type { ShopSettings, ShopSettingsFieldChange } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { id } from './columns';

/**
 * The shop's settings (0013_shop_settings.sql, decision 025): one row, id 1, the whole
 * ShopSettings object as the admin saved it. No row: the first values (settings module).
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    settings: jsonb('settings').$type<ShopSettings>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('shop_settings_one_row', sql`${t.id} = 1`)],
);

/** One save that changed something: who, when, and each field's value before and after. */
export const shopSettingsChanges = pgTable(
  'shop_settings_changes',
  {
    id: id(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    changes: jsonb('changes').$type<ShopSettingsFieldChange[]>().notNull(),
  },
  (t) => [index('shop_settings_changes_at_idx').on(t.at.desc(), t.id.desc())],
);
