import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assertSelfOrAdmin, identityOf, type Guards } from '../auth/guards';
import { Profile, ProfileQuery, SaveProfileBody } from '../../../contract/profiles';
import { copy } from '../../../contract/copy';
import { refusals } from '../refusals';
import type { Db } from '../db/client';
import { failures, signedIn, withExample } from '../docs/describe';
import { HttpError } from '../http/errors';
import { assertPictureOfThisStore } from '../images/imageTable';
import { findProfile, saveProfile } from '../profiles/profileTable';
import { activeUserByEmail } from '../users/userTable';

export const profileRoutes: FastifyPluginAsyncTypebox<{ db: Db; guards: Guards }> = async (
  app,
  { db, guards },
) => {
  app.get(
    '/profile',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'getProfile',
        summary: "A user's profile (your own, or any for admins)",
        tags: ['profiles'],
        security: signedIn,
        querystring: ProfileQuery,
        response: { 200: Profile, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const email = request.query.email.toLowerCase();
      const caller = identityOf(request);
      assertSelfOrAdmin(caller, email);
      // The profile of the current account with this email, never an older account's.
      const userId =
        caller.email === email ? caller.userId : (await activeUserByEmail(db, email))?.id;
      const profile = userId ? await findProfile(db, userId) : null;
      if (!profile) throw new HttpError(404, refusals.profile.none);
      return profile;
    },
  );

  /** Creates or replaces the caller's one profile; the email is the sign-in's, never the body's. */
  app.post(
    '/profile',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'saveProfile',
        summary: 'Create or replace your profile',
        tags: ['profiles'],
        security: signedIn,
        body: withExample(SaveProfileBody, {
          name: 'Maria K.',
          Department: 'Fleet maintenance',
          Address: '12 Foundry Lane, Springfield',
          instituteName: 'Springfield Technical College',
          Linkedin: 'https://www.linkedin.com/in/example',
          image: '/api/images/7d3e9a1c-5b2f-4c6d-8e0a-1f4b7c9d2e53',
        }),
        response: { 200: Profile, ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { email, userId } = identityOf(request);
      const body = request.body;
      if (body.email && body.email.toLowerCase() !== email) {
        throw new HttpError(403, refusals.profile.notYours);
      }
      await assertPictureOfThisStore(db, body.image, copy.profile.fields.image, 'image');
      return saveProfile(db, { userId, email }, body);
    },
  );
};
