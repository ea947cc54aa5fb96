import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Transform } from 'node:stream';
import { CONTROL } from '../validation/controlCharacters';
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
 * not: `"quantity": true` or `"3"` is refused instead of silently becoming a number. JSON bodies
 * nest at most JSON_DEPTH_MAX levels (limitJsonDepth).
 */
export function installValidation(app: FastifyInstance) {
  limitJsonDepth(app);
  const forBody = makeAjv(false);
  const forText = makeAjv('array');
  app.setValidatorCompiler(({ schema, httpPart, contentType }) => {
    // A multipart body is read as a stream by its handler, which checks it; its schema only
    // describes the form in the API's document.
    if (httpPart === 'body' && contentType === 'multipart/form-data') return () => true;
    return (httpPart === 'body' ? forBody : forText).compile(schema);
  });
}

/** The deepest a JSON body may nest: the store's own bodies nest two or three levels. */
export const JSON_DEPTH_MAX = 32;

export const TOO_DEEP = `The data sent nests lists or fields more than ${JSON_DEPTH_MAX} levels deep: no form of the store nests that far.`;

/**
 * How deep JSON text nests objects and arrays, read a piece at a time as it arrives, brackets
 * inside strings aside. Bytes, not characters: every byte of a UTF-8 character beyond ASCII is
 * above 0x7F, so none is taken for a bracket or a quote.
 */
export class JsonNesting {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly max: number) {}

  /** Reads the next bytes; false once the text has nested deeper than `max`. */
  feed(bytes: Uint8Array): boolean {
    for (const byte of bytes) {
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === 0x5c) this.escaped = true;
        else if (byte === 0x22) this.inString = false;
      } else if (byte === 0x22) {
        this.inString = true;
      } else if (byte === 0x7b || byte === 0x5b) {
        this.depth += 1;
        if (this.depth > this.max) return false;
      } else if (byte === 0x7d || byte === 0x5d) {
        this.depth -= 1;
      }
    }
    return true;
  }
}

export const nestsDeeperThan = (text: string, max: number) =>
  !new JsonNesting(max).feed(Buffer.from(text));

/**
 * A JSON body nests at most JSON_DEPTH_MAX levels, checked as it arrives, before it is parsed:
 * code that walks a parsed body (the control-character check, schemas, the logger) ran out of
 * stack on a body of 200,000 `[` (400 KB), a 500. Deeper is a 400 in words. A hook on the body's
 * stream rather than a parser of its own: routes keep their own parsers (the Stripe webhook's).
 */
export function limitJsonDepth(app: FastifyInstance) {
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const type = request.headers['content-type'];
    if (!type || !/^application\/json\s*(;|$)/i.test(type)) {
      done(null, payload);
      return;
    }
    const nesting = new JsonNesting(JSON_DEPTH_MAX);
    const checked = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        if (nesting.feed(chunk)) callback(null, chunk);
        else callback(new HttpError(400, TOO_DEEP));
      },
    });
    // pipe, not pipeline: a refused body must not destroy the request (and its socket) before
    // the 400 is sent.
    payload.on('error', (error) => checked.destroy(error));
    done(null, payload.pipe(checked));
  });
}

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
