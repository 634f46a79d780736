/**
 * Where to go after signing in, registering or confirming an email: a path on this site only
 * ("/reliance/new?code=…"), never another host ("//evil.example", "/\\evil.example", "https://…"),
 * so a crafted link cannot send a person who just signed in somewhere else. Null when it is not one.
 */
const NEXT_PATH_MAX = 300;
const SAME_SITE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~/?=&%+]*$/;

export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || value.length > NEXT_PATH_MAX || !SAME_SITE_PATH.test(value)) return null;
  return value;
}
