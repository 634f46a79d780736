/** An external geocoder may not hold up the suggestions the user is typing for. */
const GEOCODER_TIMEOUT_MS = 1500;

interface PhotonProperties {
  name?: string;
  street?: string;
  housenumber?: string;
  district?: string;
  city?: string;
  state?: string;
  country?: string;
}

const joinParts = (parts: (string | undefined)[]) =>
  parts.filter((part, index) => part && parts.indexOf(part) === index).join(", ");

function photonName(properties: PhotonProperties): string {
  const street = joinParts([properties.housenumber, properties.street]).replace(", ", " ");
  return joinParts([properties.name ?? street, properties.district, properties.city, properties.country]);
}

/**
 * Place names from a Nominatim answer (an array with display_name) or a Photon answer (GeoJSON
 * features with properties); anything else yields nothing rather than an error.
 */
export function geocoderPlaceNames(body: unknown): string[] {
  if (Array.isArray(body)) {
    return body
      .map((item) => (item as { display_name?: unknown })?.display_name)
      .filter((name) => typeof name === "string");
  }
  const features = (body as { features?: unknown })?.features;
  if (!Array.isArray(features)) return [];
  return features
    .map((feature) =>
      photonName(((feature as { properties?: PhotonProperties })?.properties ?? {}) as PhotonProperties),
    )
    .filter((name) => name.length > 0);
}

/** Asks the configured geocoder; a slow, failing or odd answer counts as no suggestions. */
export async function searchGeocoder(baseUrl: string, query: string, limit: number): Promise<string[]> {
  try {
    const url = new URL(baseUrl);
    url.searchParams.set("q", query);
    url.searchParams.set("limit", String(limit));
    const response = await fetch(url, {
      headers: { Accept: "application/json", "User-Agent": "ValuSeal location search" },
      signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
    });
    return response.ok ? geocoderPlaceNames(await response.json()) : [];
  } catch {
    return [];
  }
}
