/**
 * The document as OpenAPI 3.0 allows it. The contract's schemas also serve the validator, so
 * they carry JSON Schema keywords OpenAPI 3.0 does not know (`errorMessage` for friendly
 * messages, `$id`, annotations other code adds). Rather than edit each schema, every keyword a
 * 3.0 Schema Object does not allow is renamed `x-<keyword>` (extensions are allowed and tools
 * ignore them), and the few with a 3.0 spelling are translated.
 */

type Json = unknown;
type SchemaObject = Record<string, Json>;

/** The Schema Object's fields in OpenAPI 3.0.3 (4.7.24), `$ref` included. */
const OPENAPI_30_KEYWORDS = new Set([
  '$ref',
  'title',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'enum',
  'type',
  'allOf',
  'oneOf',
  'anyOf',
  'not',
  'items',
  'properties',
  'additionalProperties',
  'description',
  'format',
  'default',
  'nullable',
  'discriminator',
  'readOnly',
  'writeOnly',
  'xml',
  'externalDocs',
  'example',
  'deprecated',
]);

/** Keywords that only identify or annotate a schema for the validator: dropped. */
const DROPPED = new Set(['$id', '$schema', '$comment']);

const isObject = (value: Json): value is SchemaObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One schema and everything nested in it, as OpenAPI 3.0 schemas. */
export function toOpenApi30Schema(schema: Json): Json {
  if (!isObject(schema)) return schema;
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key)) continue;
    if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, property]) => [name, toOpenApi30Schema(property)]),
      );
    } else if ((key === 'allOf' || key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
      out[key] = value.map(toOpenApi30Schema);
    } else if (key === 'items' || key === 'not' || key === 'additionalProperties') {
      out[key] = toOpenApi30Schema(value);
    } else if (key === 'const') {
      out.enum = [value];
    } else if (key === 'examples') {
      // JSON Schema's list of examples; 3.0 has one `example`.
      if (Array.isArray(value) && value.length > 0 && !('example' in schema)) {
        out.example = value[0];
      }
    } else if (
      (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') &&
      typeof value === 'number'
    ) {
      // JSON Schema's number bound is 3.0's inclusive bound plus a boolean flag.
      out[key === 'exclusiveMinimum' ? 'minimum' : 'maximum'] = value;
      out[key] = true;
    } else if (OPENAPI_30_KEYWORDS.has(key) || key.startsWith('x-')) {
      out[key] = value;
    } else {
      out[`x-${key}`] = value;
    }
  }
  return out;
}

/** Where schemas sit in an operation: parameters, bodies, answers and their headers. */
function publishOperation(operation: SchemaObject): SchemaObject {
  const media = (content: Json) =>
    isObject(content)
      ? Object.fromEntries(
          Object.entries(content).map(([type, item]) => [
            type,
            isObject(item) ? { ...item, schema: toOpenApi30Schema(item.schema) } : item,
          ]),
        )
      : content;
  const out: SchemaObject = { ...operation };
  if (Array.isArray(operation.parameters)) {
    out.parameters = operation.parameters.map((parameter: Json) =>
      isObject(parameter)
        ? { ...parameter, schema: toOpenApi30Schema(parameter.schema) }
        : parameter,
    );
  }
  if (isObject(operation.requestBody)) {
    out.requestBody = {
      ...operation.requestBody,
      content: media(operation.requestBody.content),
    };
  }
  if (isObject(operation.responses)) {
    out.responses = Object.fromEntries(
      Object.entries(operation.responses).map(([status, response]) => {
        if (!isObject(response)) return [status, response];
        const published: SchemaObject = { ...response };
        if ('content' in response) published.content = media(response.content);
        if (isObject(response.headers)) {
          published.headers = Object.fromEntries(
            Object.entries(response.headers).map(([name, header]) => [
              name,
              isObject(header) ? { ...header, schema: toOpenApi30Schema(header.schema) } : header,
            ]),
          );
        }
        return [status, published];
      }),
    );
  }
  return out;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The whole document with every schema in it made OpenAPI 3.0 (a new object; input untouched). */
export function toOpenApi30<T extends SchemaObject>(document: T): T {
  const out: SchemaObject = { ...document };
  const components = document.components;
  if (isObject(components) && isObject(components.schemas)) {
    out.components = {
      ...components,
      schemas: Object.fromEntries(
        Object.entries(components.schemas).map(([name, schema]) => [
          name,
          toOpenApi30Schema(schema),
        ]),
      ),
    };
  }
  if (isObject(document.paths)) {
    out.paths = Object.fromEntries(
      Object.entries(document.paths).map(([path, item]) => [
        path,
        isObject(item)
          ? Object.fromEntries(
              Object.entries(item).map(([method, operation]) => [
                method,
                METHODS.has(method) && isObject(operation)
                  ? publishOperation(operation)
                  : operation,
              ]),
            )
          : item,
      ]),
    );
  }
  return out as T;
}
