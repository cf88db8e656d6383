import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { loadStrings } from '../i18n';

// A form's validation in the browser is for comfort: the server checks every post with the same domain schemas
// (the page's action without JavaScript, the JSON API with it). So a page is drawn and hydrated without zod and
// its schemas, and they are fetched when the form first validates (decision 0071).

/** The form's validation could not be fetched (offline): `useForm`'s handleSubmit then posts the form natively. */
export class ValidationUnavailable extends Error {
  constructor(cause: unknown) {
    super('The form’s validation could not be loaded', { cause });
    this.name = 'ValidationUnavailable';
  }
}

/**
 * A resolver that first fetches the form error messages, which no page loads before a form is first checked
 * (decision 0078): the errors it finds are then shown in words at once. Without them (offline) it throws
 * ValidationUnavailable, and the form is posted as without JavaScript.
 */
export function withMessages<T extends FieldValues, C, R>(resolver: Resolver<T, C, R>): Resolver<T, C, R> {
  return async (values, context, options) => {
    try {
      await loadStrings();
    } catch (cause) {
      throw new ValidationUnavailable(cause);
    }
    return resolver(values, context, options);
  };
}

/**
 * A react-hook-form resolver fetched on first use: `load` (a dynamic `import()` of a small module) gives the
 * resolver, which then answers this call and every later one. A failed fetch throws ValidationUnavailable and is
 * tried again on the next use.
 */
export function lazyResolver<T extends FieldValues, C = unknown, R = T>(
  load: () => Promise<Resolver<T, C, R>>,
): Resolver<T, C, R> {
  let loaded: Resolver<T, C, R> | undefined;
  let loading: Promise<Resolver<T, C, R>> | undefined;
  return async (values, context, options) => {
    if (!loaded) {
      loading ??= load();
      try {
        loaded = await loading;
      } catch (cause) {
        loading = undefined;
        throw new ValidationUnavailable(cause);
      }
    }
    return loaded(values, context, options);
  };
}

/**
 * The resolver of a zod schema fetched on first use (`() => import('./rules').then((m) => m.schema)`): the schema's
 * module, zod and `@hookform/resolvers` are fetched together, the messages and their order those of zodResolver.
 */
export function lazySchemaResolver<T extends FieldValues, C = unknown, R = T>(
  loadSchema: () => Promise<z.ZodType>,
): Resolver<T, C, R> {
  return lazyResolver<T, C, R>(async () => {
    const [schema, { zodResolver }] = await Promise.all([loadSchema(), import('@hookform/resolvers/zod')]);
    return zodResolver(schema as z.ZodType<R, T>) as unknown as Resolver<T, C, R>;
  });
}
