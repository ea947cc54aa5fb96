import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { assertSelfOrAdmin, identityOf, type Guards } from '../auth/guards';
import { ErrorResponse } from '../contract/common';
import { Profile, ProfileQuery, SaveProfileBody } from '../contract/profiles';
import type { Db } from '../db/client';
import { profiles } from '../db/schema';
import { HttpError } from '../http/errors';

type ProfileRow = typeof profiles.$inferSelect;

function toProfile(row: ProfileRow): Profile {
  return {
    name: row.name,
    email: row.email,
    Department: row.department,
    Address: row.address,
    instituteName: row.instituteName,
    Linkedin: row.linkedin,
    image: row.image,
  };
}

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

export const profileRoutes: FastifyPluginAsyncTypebox<{ db: Db; guards: Guards }> = async (
  app,
  { db, guards },
) => {
  app.get(
    '/profile',
    {
      preValidation: guards.requireUser,
      schema: { querystring: ProfileQuery, response: { 200: Profile, ...errors } },
    },
    async (request) => {
      const email = request.query.email.toLowerCase();
      assertSelfOrAdmin(identityOf(request), email);
      const [row] = await db.select().from(profiles).where(eq(profiles.email, email));
      if (!row) throw new HttpError(404, 'This user has no profile yet.');
      return toProfile(row);
    },
  );

  /** Creates or replaces the caller's one profile; the email is the sign-in's, never the body's. */
  app.post(
    '/profile',
    {
      preValidation: guards.requireUser,
      schema: { body: SaveProfileBody, response: { 200: Profile, ...errors } },
    },
    async (request) => {
      const { email } = identityOf(request);
      const body = request.body;
      if (body.email && body.email.toLowerCase() !== email) {
        throw new HttpError(403, 'You can only update your own profile.');
      }
      const values = {
        name: body.name.trim(),
        department: body.Department.trim(),
        address: body.Address.trim(),
        instituteName: body.instituteName.trim(),
        linkedin: body.Linkedin,
        image: body.image,
      };
      const [row] = await db
        .insert(profiles)
        .values({ email, ...values })
        .onConflictDoUpdate({ target: profiles.email, set: { ...values, updatedAt: new Date() } })
        .returning();
      if (!row) throw new Error('profile upsert returned nothing');
      return toProfile(row);
    },
  );
};
