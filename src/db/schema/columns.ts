import { type AnyPgColumn, bigint, boolean, customType, integer, jsonb, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '#i18n/locales.ts';

// Column builders the tables share, spread or called the way drizzle documents reusing column
// definitions: each call makes a fresh builder, so the generated SQL is what the tables spelled out
// before (`npx drizzle-kit generate` finds no change).

/** A point in time, always with its zone (`timestamptz`). */
export const instant = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

/** A random uuid primary key named `id`. */
export const uuidPrimaryKey = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () => instant('created_at').notNull().defaultNow();
export const updatedAt = () => instant('updated_at').notNull().defaultNow();

/** A row this one cannot exist without: deleted with it, or (restrict) keeping it from deletion. */
export const requiredRef = <N extends string>(
  name: N,
  target: () => AnyPgColumn,
  onDelete: 'cascade' | 'restrict' = 'cascade',
) => uuid(name).notNull().references(target, { onDelete });

/** A row this one may point at: by default the link is cleared (set null) when that row goes. */
export const optionalRef = <N extends string>(
  name: N,
  target: () => AnyPgColumn,
  onDelete: 'set null' | 'cascade' | 'restrict' = 'set null',
) => uuid(name).references(target, { onDelete });

/** An amount of money or points too large for `integer`: a whole number of minor units (bigint, read as a number). */
export const minorUnits = <N extends string>(name: N) => bigint(name, { mode: 'number' });

/** A yes/no setting or state that is always set, starting at `initial`. */
export const flag = <N extends string>(name: N, initial: boolean) => boolean(name).notNull().default(initial);

/** A whole number that is always set and starts at 0 (counts, points, settings off by default). */
export const zeroOrMore = <N extends string>(name: N) => integer(name).notNull().default(0);

/** A text in each language, as staff typed it (a language may be missing). */
export const localizedText = <N extends string>(name: N) => jsonb(name).$type<Partial<LocalizedText>>();

/** Raw bytes (PostgreSQL bytea), as a Node Buffer / Uint8Array. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
