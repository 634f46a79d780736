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
