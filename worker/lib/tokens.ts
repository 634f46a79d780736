import { jwtVerify, SignJWT } from "jose";

export const TOKEN_ISSUER = "valuseal";
export const TOKEN_AUDIENCE = "valuseal-app";
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

const key = (secret: string) => new TextEncoder().encode(secret);

export function signSessionToken(secret: string, claims: { userId: number; sessionId: string }): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.userId))
    .setJti(claims.sessionId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
    .sign(key(secret));
}

/** Returns the session claims, or null for any token that is not ours, expired or malformed. */
export async function verifySessionToken(
  secret: string,
  token: string,
): Promise<{ userId: number; sessionId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ["HS256"],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ["exp", "jti", "sub"],
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || !payload.jti) return null;
    return { userId, sessionId: payload.jti };
  } catch {
    return null;
  }
}

const SECOND_FACTOR_AUDIENCE = "valuseal-second-factor";
/** Time to open the authenticator app and type its code after the password was accepted. */
const SECOND_FACTOR_CHALLENGE_SECONDS = 5 * 60;

/**
 * What a correct password earns an account with two-step sign-in: not a session, a short-lived
 * proof that the password step passed, with an audience no session check accepts.
 */
export function signSecondFactorChallenge(secret: string, userId: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(SECOND_FACTOR_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${SECOND_FACTOR_CHALLENGE_SECONDS}s`)
    .sign(key(secret));
}

/** The user the challenge was issued to, or null for anything expired, altered or not a challenge. */
export async function verifySecondFactorChallenge(secret: string, challenge: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(challenge, key(secret), {
      algorithms: ["HS256"],
      issuer: TOKEN_ISSUER,
      audience: SECOND_FACTOR_AUDIENCE,
      requiredClaims: ["exp", "sub"],
    });
    const userId = Number(payload.sub);
    return Number.isInteger(userId) ? userId : null;
  } catch {
    return null;
  }
}
