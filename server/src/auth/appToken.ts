import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'tyre-store';
const AUDIENCE = 'tyre-store-api';
/** The only algorithm accepted: `alg: none` or an asymmetric swap is refused outright. */
const ALGORITHM = 'HS256';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  userId: string;
  /** The user's token version when it was issued; Sign out everywhere moves the user's on. */
  version: number;
  /** The device's session (sessions.id) it was issued to; LogOut there ends it. */
  sessionId: string;
}

/** The app's own short-lived access tokens, handed out by the token exchange. */
export class AppTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ ver: claims.version, sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Throws unless the token is ours, unexpired, issued in the past and meant for this API. */
  async verify(token: string): Promise<AccessClaims> {
    const { payload } = await jwtVerify(token, this.key, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      maxTokenAge: `${this.ttlSeconds}s`,
      requiredClaims: ['sub', 'iat', 'exp', 'sid'],
      // Between this store's own processes; the default lifetime leaves room for it in a minute.
      clockTolerance: 5,
    });
    if (
      typeof payload.sub !== 'string' ||
      !Number.isInteger(payload.ver) ||
      typeof payload.sid !== 'string' ||
      !UUID.test(payload.sid)
    ) {
      throw new Error('token without subject, version or session');
    }
    return { userId: payload.sub, version: payload.ver as number, sessionId: payload.sid };
  }
}
