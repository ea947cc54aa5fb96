import { eq } from 'drizzle-orm';
import type { Profile, SaveProfileBody } from '../../../contract/profiles';
import type { Db } from '../db/client';
import { profiles } from '../db/schema';

/**
 * The one module that reads and writes the profiles table (the image sweeper's "is this picture
 * used" aside): an account's one profile, read, and created or replaced.
 */

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

/** The account's profile, or null when it has none yet. */
export async function findProfile(db: Db, userId: string): Promise<Profile | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row ? toProfile(row) : null;
}

/** Creates or replaces the account's one profile, under the account's email. */
export async function saveProfile(
  db: Db,
  owner: { userId: string; email: string },
  body: SaveProfileBody,
): Promise<Profile> {
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
    .values({ ...owner, ...values })
    .onConflictDoUpdate({
      target: profiles.userId,
      set: { ...values, email: owner.email, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('profile upsert returned nothing');
  return toProfile(row);
}
