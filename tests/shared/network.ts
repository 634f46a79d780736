/** The /24 networks randomIp hands out: 10.1.0.0/24 to 10.250.255.0/24. */
const NETWORKS = 250 * 256;
let nextNetwork = Math.floor(Math.random() * NETWORKS);

/**
 * A client address for one call, sent as CF-Connecting-IP: each call a test makes to arrange data
 * is a different visitor, so the per-network rate limits (60 sign-ins a minute, …) count the
 * client a test is about, never the many set-up calls of the tests running beside it. Each call
 * in one test file gets its own /24 (a scan's visitor is its /24, docs/decisions/026), from a
 * random start so files running beside each other rarely share one.
 */
export const randomIp = () => {
  const network = nextNetwork++ % NETWORKS;
  const host = 1 + Math.floor(Math.random() * 254);
  return `10.${1 + Math.floor(network / 256)}.${network % 256}.${host}`;
};
