/**
 * A client address for one call, sent as CF-Connecting-IP: each call a test makes to arrange data
 * is a different visitor, so the per-network rate limits (60 sign-ins a minute, …) count the
 * client a test is about, never the many set-up calls of the tests running beside it.
 */
export const randomIp = () =>
  `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;
