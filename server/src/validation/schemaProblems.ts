/**
 * A schema's complaint about a request, or about a row of a price list checked by the same
 * schema, in plain words naming the field as its form labels it.
 */

/** Where a schema failed and how, as Fastify (and Ajv) report it. */
export interface SchemaFailure {
  validation?: unknown[] | null;
  validationContext?: string;
}

/** What a part of the request is called when the problem is the part itself. */
const partNames: Record<string, string> = {
  body: 'The form sent',
  params: 'This link',
  querystring: 'The address',
  headers: 'The request',
};

interface SchemaLike {
  title?: unknown;
  errorMessage?: unknown;
  format?: unknown;
  pattern?: unknown;
  type?: unknown;
  properties?: Record<string, SchemaLike>;
}

interface Issue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: SchemaLike;
}

const amount = (value: unknown) =>
  typeof value === 'number' ? value.toLocaleString('en-US') : String(value);

const typeProblems: Record<string, string> = {
  integer: 'must be a whole number',
  number: 'must be a number',
  string: 'must be text',
  boolean: 'must be true or false',
  object: 'must be a set of fields',
  array: 'must be a list',
  null: 'must be empty',
};

const formatProblems: Record<string, string> = {
  uuid: 'is not one the store uses',
  email: 'must be an email address like name@example.com',
  uri: 'must be a web address',
  'date-time': 'must be a date and time',
};

/** A schema's complaint in plain words: no keyword, no limit notation, no pattern. */
function problemOf(issue: Issue): string {
  const schema = issue.parentSchema ?? {};
  const custom = schema.errorMessage;
  if (typeof custom === 'string') return custom;
  if (custom && typeof custom === 'object') {
    const forKeyword = (custom as Record<string, unknown>)[issue.keyword];
    if (typeof forKeyword === 'string') return forKeyword;
  }
  const limit = issue.params.limit;
  switch (issue.keyword) {
    case 'minLength':
      return limit === 1 ? 'cannot be empty' : `must be at least ${amount(limit)} characters`;
    case 'maxLength':
      return `can be at most ${amount(limit)} characters`;
    case 'pattern':
      // NonBlank's pattern: at least one visible character.
      return schema.pattern === '\\S'
        ? 'cannot be only spaces'
        : 'is not in a form the store takes';
    case 'minimum':
      return `must be ${amount(limit)} or more`;
    case 'exclusiveMinimum':
      return `must be more than ${amount(limit)}`;
    case 'maximum':
      return `can be at most ${amount(limit)}`;
    case 'exclusiveMaximum':
      return `must be less than ${amount(limit)}`;
    case 'type':
      return typeProblems[String(issue.params.type).split(',')[0]!] ?? 'is of the wrong kind';
    case 'format':
      return formatProblems[String(issue.params.format)] ?? 'is not in a form the store takes';
    case 'enum':
      return `must be one of: ${((issue.params.allowedValues as unknown[]) ?? []).join(', ')}`;
    case 'const':
      return `must be ${String(issue.params.allowedValue)}`;
    case 'minItems':
      return `needs at least ${amount(limit)}`;
    case 'maxItems':
      return `can have at most ${amount(limit)}`;
    default:
      return 'is not valid';
  }
}

/** A field's name as its form labels it (the schema's `title`), else its key. */
function labelOf(schema: SchemaLike | undefined, key: string): string {
  const title = schema?.title;
  return typeof title === 'string' ? title : key;
}

/** The top-level body field an issue is about, for the SPA to show under that field. */
function bodyField(issue: Issue, where: string): string | undefined {
  if (where !== 'body') return undefined;
  const first = issue.instancePath.split('/')[1];
  if (first) return first;
  const named = issue.params.missingProperty ?? issue.params.additionalProperty;
  return typeof named === 'string' ? named : undefined;
}

/**
 * A schema validation failure as a sentence naming the field as the form labels it:
 * `Phone Number must be 6 to 24 characters: ...`, `Quantity must be at least 1: ...`. Never a
 * request part (`body.`), a JSON pointer or a JSON Schema keyword.
 */
export function validationError(error: SchemaFailure): { message: string; field?: string } {
  const where = error.validationContext ?? 'body';
  const issue = (error.validation ?? [])[0] as Issue | undefined;
  if (!issue) return { message: `${partNames[where] ?? 'The request'} is not valid.` };
  const field = bodyField(issue, where);
  const key = issue.instancePath.split('/').filter(Boolean).pop();
  let sentence: string;
  if (issue.keyword === 'required') {
    const missing = String(issue.params.missingProperty);
    sentence = `${labelOf(issue.parentSchema?.properties?.[missing], missing)} is required`;
  } else if (issue.keyword === 'additionalProperties') {
    sentence = `${String(issue.params.additionalProperty)} is not a field the store takes here`;
  } else if (key === undefined) {
    sentence = `${partNames[where] ?? 'The request'} ${problemOf(issue)}`;
  } else {
    sentence = `${labelOf(issue.parentSchema, key)} ${problemOf(issue)}`;
  }
  return { message: `${sentence}.`, ...(field ? { field } : {}) };
}
