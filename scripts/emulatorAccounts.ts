/**
 * What a Firebase project's owner does to accounts (verify an email, disable, delete, revoke
 * sessions), through the Auth emulator's REST API: its `Bearer owner` calls need no service
 * account. Tests use it to play the account's owner and the project's admin.
 */
export interface EmulatorAccounts {
  /** The uid of the account with this email, or null. */
  uidOf(email: string): Promise<string | null>;
  markEmailVerified(uid: string): Promise<void>;
  disable(uid: string): Promise<void>;
  remove(uid: string): Promise<void>;
  /** Ends every session signed in until now (Firebase's revokeRefreshTokens). */
  revokeSessions(uid: string): Promise<void>;
}

export function emulatorAccounts(emulator: string, projectId = 'demo-store'): EmulatorAccounts {
  const base = `${emulator}/identitytoolkit.googleapis.com/v1/projects/${projectId}`;
  async function owner(action: string, body: unknown): Promise<Record<string, unknown>> {
    const response = await fetch(`${base}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`emulator ${action}: ${JSON.stringify(answer)}`);
    return answer;
  }
  return {
    async uidOf(email) {
      const answer = await owner('accounts:lookup', { email: [email] });
      const users = (answer.users ?? []) as Array<{ localId: string }>;
      return users[0]?.localId ?? null;
    },
    markEmailVerified: async (uid) =>
      void (await owner('accounts:update', { localId: uid, emailVerified: true })),
    disable: async (uid) =>
      void (await owner('accounts:update', { localId: uid, disableUser: true })),
    remove: async (uid) => void (await owner('accounts:delete', { localId: uid })),
    revokeSessions: async (uid) =>
      void (await owner('accounts:update', {
        localId: uid,
        validSince: String(Math.floor(Date.now() / 1000)),
      })),
  };
}
