import {
  Type,
  type SchemaOptions,
  type TLiteral,
  type TProperties,
  type TSchema,
  type TUnion,
} from '@sinclair/typebox';
import type { FORMATS } from './formats';

/**
 * What the schema of one environment variable says besides its type: the page
 * docs/configuration.md and the refusals are written from it.
 */
export interface VariableInfo {
  /** What the variable does, as the configuration page says it. */
  description: string;
  /** What it accepts, in words: the page's "Accepts", and a refusal's "expected …". */
  expected: string;
  /** A key or a password: a refusal does not repeat its value. */
  secret?: boolean;
  /** The default in words when the code derives it from other variables. */
  defaultText?: string;
  /** Said after the default, e.g. when another variable changes it. */
  defaultNote?: string;
  /** The page's section (set by `section`). */
  group?: string;
}

export type VariableSchema = TSchema & VariableInfo & { default?: unknown };

type Info = Omit<VariableInfo, 'expected' | 'group'> & { expected?: string };

const options = (info: Info, expected: string, fallback?: unknown): SchemaOptions => ({
  ...info,
  expected: info.expected ?? expected,
  ...(fallback === undefined ? {} : { default: fallback }),
});

/** The variables of one section of the configuration page. */
export function section<T extends TProperties>(title: string, variables: T): T {
  for (const schema of Object.values(variables)) (schema as VariableSchema).group = title;
  return variables;
}

export const port = (fallback: number, info: Info) =>
  Type.Integer({
    minimum: 0,
    maximum: 65535,
    ...options(info, 'a port number between 0 and 65535', fallback),
  });

/** A whole number above 0 (seconds, units, a limit), `max` at most. */
export const count = (fallback: number, info: Info & { max?: number }) => {
  const { max, ...rest } = info;
  const words = `a whole number above 0${max === undefined ? '' : `, at most ${max}`}`;
  return Type.Integer({
    minimum: 1,
    ...(max === undefined ? {} : { maximum: max }),
    ...options(rest, words, fallback),
  });
};

/** true/false; also written yes/no or 1/0, in any case. */
export const flag = (fallback: boolean, info: Info) =>
  Type.Boolean(options(info, 'true or false', fallback));

export const oneOf = <const T extends readonly string[]>(
  values: T,
  fallback: T[number],
  info: Info,
) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    options(info, `one of ${values.join(', ')}`, fallback),
  ) as unknown as TUnion<TLiteral<T[number]>[]>;

/** Text taken as it is (spaces around dropped). */
export const text = (info: Info & { fallback?: string; minLength?: number }) => {
  const { fallback, minLength, ...rest } = info;
  return Type.String({
    ...(minLength === undefined ? {} : { minLength }),
    ...options(
      rest,
      minLength === undefined ? 'any text' : `at least ${minLength} characters`,
      fallback,
    ),
  });
};

/** Text in one of the environment's formats (`formats.ts`). */
export const formatted = (
  format: (typeof FORMATS)[keyof typeof FORMATS],
  expected: string,
  info: Info & { fallback?: string },
) => {
  const { fallback, ...rest } = info;
  return Type.String({ format, ...options(rest, expected, fallback) });
};

/** A comma-separated list, each entry in `format`; spaces around entries and empty ones dropped. */
export const list = (
  format: (typeof FORMATS)[keyof typeof FORMATS],
  expected: string,
  info: Info & { fallback?: string[] },
) => {
  const { fallback, ...rest } = info;
  return Type.Array(Type.String({ format }), options(rest, expected, fallback));
};
