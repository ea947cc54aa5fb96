import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'tyre-store';
const AUDIENCE = 'tyre-store-api';
/** The only algorithm accepted: `alg: none` or an asymmetric swap is refused outright. */
const ALGORITHM = 'HS256';

export interface AccessClaims {
  userId: string;
  /** The user's token version when it was issued; LogOut moves the user's on. */
  version: number;
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
    return new SignJWT({ ver: claims.version })
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
      requiredClaims: ['sub', 'iat', 'exp'],
      // Between this store's own processes; the default lifetime leaves room for it in a minute.
      clockTolerance: 5,
    });
    if (typeof payload.sub !== 'string' || !Number.isInteger(payload.ver)) {
      throw new Error('token without subject or version');
    }
    return { userId: payload.sub, version: payload.ver as number };
  }
}
