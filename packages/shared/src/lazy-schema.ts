/**
 * A schema built the first time it is used, not when its module loads, in a browser. Building
 * a zod schema costs far more than checking a value with it (every chained call makes a new
 * instance), and a module holds many: a page that loaded one built all of them, used or not, in
 * its start-up's longest task (the page frame alone, several hundred milliseconds on a slow
 * phone; decision 012). Declared with this, a schema costs nothing until it is first read.
 *
 * In Node (the API, the build's prerendering) the schema is built at once and returned as is:
 * a server builds everything once at start, and zod's JSON Schema output (the OpenAPI document)
 * follows schemas by identity, which a stand-in would not keep.
 */
export function lazySchema<T extends object>(build: () => T): T {
  return typeof window === 'undefined' ? build() : deferSchema(build);
}

/**
 * A stand-in that builds the schema on its first use, then behaves as it (zod methods,
 * `instanceof`, nesting in other schemas). Exported for the tests.
 */
export function deferSchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    has: (_, key) => Reflect.has(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
    ownKeys: () => Reflect.ownKeys(schema()),
    // The stand-in's own (empty) target is extensible: any key may be reported, as configurable.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    set: (_, key, value) => Reflect.set(schema(), key, value),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
  });
}
