const EXAMPLE_BODY = `{
  "event": "code.scanned",
  "code": { "id": "Ab3dEf6hJk9mNp2q", "reference": "VAL-2025-001", "address": "12 Riverside Drive, Westlands, Nairobi" },
  "scan": { "at": "2025-01-15T09:30:00.000Z", "country": "KE", "city": "Nairobi", "device": "mobile" },
  "verificationCount": 42
}`;

const HEADERS: [name: string, meaning: string][] = [
  ["webhook-id", "The delivery's id; the same on every retry, so you can ignore repeats."],
  ["webhook-timestamp", "When the delivery was sent, in Unix seconds; it is part of what is signed."],
  [
    "webhook-signature",
    "v1, followed by the base64 HMAC-SHA256 of the id, the timestamp and the raw body joined by full stops, keyed with your secret (Standard Webhooks).",
  ],
  [
    "X-ValuSeal-Signature",
    "Until 30 June 2027, for receivers written before: v1= followed by the hex HMAC-SHA256 of the timestamp, a full stop and the raw body, keyed with your secret's text.",
  ],
  ["X-ValuSeal-Timestamp", "Until 30 June 2027: the same as webhook-timestamp."],
  ["X-ValuSeal-Delivery", "Until 30 June 2027: the same as webhook-id."],
  ["X-ValuSeal-Event", "Until 30 June 2027: code.scanned."],
];

/** What the receiver gets and how it proves the request came from ValuSeal. */
export function WebhookHelp() {
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p>
        Each counted scan is sent as a JSON <code>POST</code> to your URL, signed the{" "}
        <a className="text-brand-700 underline" href="https://www.standardwebhooks.com/">
          Standard Webhooks
        </a>{" "}
        way: verify it with their library for your language (for example <code>npm install standardwebhooks</code>) and
        your signing secret exactly as shown, before trusting it. The library rejects a delivery whose{" "}
        <code className="font-semibold">webhook-signature</code> does not match or whose timestamp is more than 5
        minutes old, so a recorded request cannot be replayed.
      </p>
      <p>
        Answer with any 2xx status within 5 seconds; failed deliveries are retried with growing delays for about 30
        minutes. The URL must be a public https address on the standard port (443): private, local and cloud metadata
        addresses are refused, and the address a name points to is checked again before every delivery.
      </p>
      <details>
        <summary className="cursor-pointer text-brand-700">Example body and all headers</summary>
        <pre className="mt-2 overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100">{EXAMPLE_BODY}</pre>
        <dl className="mt-2 space-y-2">
          {HEADERS.map(([name, meaning]) => (
            <div key={name}>
              <dt className="font-mono text-xs font-semibold text-slate-900">{name}</dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
