import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';

export const Email = Type.String({ format: 'email', maxLength: 254, title: 'Email' });

export const EmailParams = Type.Object({ email: Email });
export type EmailParams = Static<typeof EmailParams>;

/** `PUT /users/:email` body: the spec sends the email again; nothing else is read. */
export const TokenExchangeBody = Type.Object(
  { email: Type.Optional(Email) },
  { additionalProperties: false },
);
export type TokenExchangeBody = Static<typeof TokenExchangeBody>;

export const TokenResponse = Type.Object({
  token: Type.String({ description: 'App access token; send as Authorization: Bearer' }),
});
export type TokenResponse = Static<typeof TokenResponse>;

/** `POST /logout` body, optional: without it (or `everywhere: false`) only this device signs out. */
export const LogOutBody = Type.Object(
  {
    everywhere: Type.Optional(
      Type.Boolean({
        description: 'End every session of the account (every device), not only this one',
      }),
    ),
  },
  { additionalProperties: false },
);
export type LogOutBody = Static<typeof LogOutBody>;

export const AdminCheck = Type.Object({ admin: Type.Boolean() });
export type AdminCheck = Static<typeof AdminCheck>;

export const Role = Type.Union([Type.Literal('user'), Type.Literal('admin')]);

export const User = Type.Object({ _id: Id, email: Type.String(), role: Role }, { $id: 'User' });
export type User = Static<typeof User>;

export const UserList = Type.Array(User);
export type UserList = Static<typeof UserList>;

export const ModifiedCount = Type.Object({ modifiedCount: Type.Integer() });
export type ModifiedCount = Static<typeof ModifiedCount>;
