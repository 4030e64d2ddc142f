/**
 * JSON text made elsewhere (PostgreSQL's json_build_object), written into an answer as it is.
 * A list page of 24 products cost Node ~20 µs a product to parse as columns, build as objects
 * and serialise again; as text from PostgreSQL it is one string per product (decision 018).
 * `T` is the value the text stands for, so the answer types stay those of @shop/shared.
 */
export class RawJson<T = unknown> {
  declare readonly of?: T;
  constructor(readonly text: string) {}

  /** The value itself: for the few readers on the server that need to look inside. */
  parse(): T {
    return JSON.parse(this.text) as T;
  }

  /** Where JSON.stringify meets one (stringifyAnswer did not look that deep): still correct, only slower. */
  toJSON(): T {
    return this.parse();
  }
}

/**
 * An answer's type as the server builds it: any item of a list of T may be JSON text instead, or
 * the whole list may be one JSON text (a search page, decision 036).
 */
export type WithRawLists<T> = {
  [K in keyof T]: T[K] extends (infer E)[] ? (E | RawJson<E>)[] | RawJson<E[]> : T[K];
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function write(value: unknown): string | undefined {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) {
    if (!value.some((item) => item instanceof RawJson)) return JSON.stringify(value);
    return `[${value.map((item) => write(item) ?? 'null').join(',')}]`;
  }
  if (isPlainObject(value) && typeof value.toJSON !== 'function') {
    const parts: string[] = [];
    for (const [key, item] of Object.entries(value)) {
      const text = write(item);
      if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * JSON.stringify that writes RawJson as its text: through plain objects at any depth, and in
 * arrays that hold RawJson items themselves (`{products: [...]}`). An array without one goes to
 * JSON.stringify whole. Otherwise the same text JSON.stringify gives, key order included.
 */
export function stringifyAnswer(value: unknown): string {
  return write(value) ?? 'null';
}
