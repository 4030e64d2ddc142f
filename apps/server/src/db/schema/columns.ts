import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** PostgreSQL tsvector, maintained by a trigger (see migrations/0001_search.sql). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
