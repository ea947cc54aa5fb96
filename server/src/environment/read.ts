import type { StaticDecode } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { VariableSchema } from './kinds';
import { variables, type VariableName } from './variables';

export type Env = Record<string, string | undefined>;

/** The environment as the schema reads it: numbers, flags, lists, each default filled in. */
export type Environment = StaticDecode<typeof variables>;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid environment variable ${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

const YES = ['1', 'true', 'yes'];
const NO = ['0', 'false', 'no'];

const schemaOf = (name: VariableName) => variables.properties[name] as unknown as VariableSchema;

/** A variable's text, spaces around dropped; null when unset or blank. */
function raw(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

export const isSet = (env: Env, name: VariableName) => raw(env, name) !== null;

/**
 * Text as the schema's type: whole numbers of digits only (no `1e3`, `0x50` or `80.5`), yes/no
 * words as flags, lists split at commas. Text that is none of these stays text, which the
 * schema's check then refuses.
 */
function fromText(schema: VariableSchema, value: string): unknown {
  switch (schema.type) {
    case 'integer':
      return /^\d+$/.test(value) ? Number(value) : value;
    case 'boolean': {
      const word = value.toLowerCase();
      return YES.includes(word) ? true : NO.includes(word) ? false : value;
    }
    case 'array':
      return value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
    default:
      return value;
  }
}

/** What was wrong, quoted unless the variable is a secret: the first bad entry of a list. */
function refusal(name: string, schema: VariableSchema, value: unknown, text: string): ConfigError {
  const items = (schema as { items?: VariableSchema }).items;
  const bad =
    Array.isArray(value) && items ? value.find((entry) => !Value.Check(items, entry)) : text;
  const got = schema.secret ? '' : `, got "${String(bad ?? text)}"`;
  return new ConfigError(name, `expected ${schema.expected}${got}`);
}

/** One variable, converted and checked; its default when unset (undefined when it has none). */
export function readVariable<N extends VariableName>(env: Env, name: N): Environment[N] {
  const schema = schemaOf(name);
  const text = raw(env, name);
  if (text === null && schema.default === undefined) return undefined as Environment[N];
  const value = text === null ? schema.default : fromText(schema, text);
  if (!Value.Check(schema, value)) throw refusal(name, schema, value, text ?? '');
  return Value.Decode(schema, value) as Environment[N];
}

/** Every variable of the schema, read in its order; the first one wrong is refused. */
export function readEnvironment(env: Env): Environment {
  const names = Object.keys(variables.properties) as VariableName[];
  return Object.fromEntries(names.map((name) => [name, readVariable(env, name)])) as Environment;
}
