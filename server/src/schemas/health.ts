import { Type, type Static } from '@sinclair/typebox';

export const Health = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('embedded'), Type.Literal('postgres')]),
});
export type Health = Static<typeof Health>;
