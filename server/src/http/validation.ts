import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

function makeAjv(coerceTypes: boolean) {
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
 * Query strings and path parameters arrive as text and are coerced to the schema's types. JSON
 * bodies are not: `"quantity": true` or `"3"` is refused instead of silently becoming a number.
 */
export function installValidation(app: FastifyInstance) {
  const forBody = makeAjv(false);
  const forText = makeAjv(true);
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? forBody : forText).compile(schema),
  );
}
