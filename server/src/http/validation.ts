import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

function makeAjv(coerceTypes: boolean | 'array') {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    allErrors: false,
    // Keeps each failing schema on its error, for the schema's own `errorMessage`.
    verbose: true,
    // TypeBox adds keywords such as `$id` descriptions that strict mode would reject.
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

/**
 * Query strings and path parameters arrive as text and are coerced to the schema's types (a
 * parameter given once becomes a list of one where the schema takes a list). JSON bodies are
 * not: `"quantity": true` or `"3"` is refused instead of silently becoming a number.
 */
export function installValidation(app: FastifyInstance) {
  const forBody = makeAjv(false);
  const forText = makeAjv('array');
  app.setValidatorCompiler(({ schema, httpPart, contentType }) => {
    // A multipart body is read as a stream by its handler, which checks it; its schema only
    // describes the form in the API's document.
    if (httpPart === 'body' && contentType === 'multipart/form-data') return () => true;
    return (httpPart === 'body' ? forBody : forText).compile(schema);
  });
}

/** C0 and C1 control characters and DEL; tab, line feed and carriage return are text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** The name of the first field (at any depth) holding a control character, or null. */
function fieldWithControl(value: unknown, name: string): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? name : null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = fieldWithControl(item, name);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    // for...in, not Object.entries: an empty query or params object (most reads) costs nothing.
    for (const key in value) {
      const found = CONTROL.test(key)
        ? key
        : fieldWithControl((value as Record<string, unknown>)[key], key);
      if (found !== null) return found;
    }
  }
  return null;
}

/** The refusal for a control character in a part of a request, or undefined when it has none. */
function controlCharacterError(request: FastifyRequest, part: unknown, schemaKey: string) {
  if (typeof part !== 'object' || part === null || Buffer.isBuffer(part)) return undefined;
  const field = fieldWithControl(part, '');
  if (field === null) return undefined;
  // Named as the form labels it (the schema's title), like every other refusal.
  const schemas = (request.routeOptions.schema ?? {}) as Record<string, unknown>;
  const properties = (schemas[schemaKey] as { properties?: Record<string, unknown> })?.properties;
  const title = (properties?.[field] as { title?: unknown } | undefined)?.title;
  const name = typeof title === 'string' ? title : field ? 'A field' : 'The request';
  return new HttpError(
    400,
    `${name} must not contain control characters (such as a NUL byte).`,
    field || undefined,
  );
}

/**
 * No text field may hold a NUL or another control character: PostgreSQL refuses NUL (which
 * would be a 500), and the others have no place in a name, an address or a review. Checked
 * after the sign-in and the schema, for every JSON body, query and path parameter. A callback
 * hook, not an async one, and the route's schema is looked up only for a refusal: this runs
 * for every request, the catalogue's included.
 */
export function refuseControlCharacters(app: FastifyInstance) {
  app.addHook('preHandler', (request, _reply, done) => {
    done(
      controlCharacterError(request, request.params, 'params') ??
        controlCharacterError(request, request.query, 'querystring') ??
        controlCharacterError(request, request.body, 'body'),
    );
  });
}
