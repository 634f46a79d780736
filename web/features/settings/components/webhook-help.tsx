const EXAMPLE_BODY = `{
  "type": "code.revoked",
  "timestamp": "2026-11-27T09:30:00.000Z",
  "data": {
    "code": {
      "id": "Ab3dEf6hJk9mNp2q",
      "url": "https://valuseal.example/v/Ab3dEf6hJk9mNp2q",
      "verificationCode": "VS-7K3M-9Q2P-4H",
      "reference": "LR 209/1234",
      "externalReference": "JOB-2026-0142",
      "address": "12 Riverside Drive, Westlands, Nairobi"
    },
    "revokedAt": "2026-11-27T09:30:00.000Z",
    "reason": "Replaced after a corrected land size"
  }
}`;

const HEADERS: [name: string, meaning: string][] = [
  ["webhook-id", "The event's id; the same on every retry and resend, so you can ignore repeats."],
  ["webhook-timestamp", "When the delivery was sent, in Unix seconds; it is part of what is signed."],
  [
    "webhook-signature",
    "v1, followed by the base64 HMAC-SHA256 of the id, the timestamp and the raw body joined by full stops, keyed with your secret (Standard Webhooks).",
  ],
  [
    "X-ValuSeal-Signature, -Timestamp, -Delivery, -Event",
    "Only on the endpoint kept from the first release's single scan webhook, until 30 June 2027, with that release's body: v1= followed by the hex HMAC-SHA256 of the timestamp, a full stop and the raw body, keyed with your secret's text.",
  ],
];

/** What the receiver gets and how it proves the request came from ValuSeal. */
export function WebhookHelp() {
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p>
        Each event is sent as a JSON <code>POST</code> to every endpoint that chose it, signed the{" "}
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
        minutes; an endpoint whose deliveries fail for a day is turned off and the owner emailed. Every attempt is in
        the endpoint's delivery log, with Resend. The URL must be a public https address on the standard port (443):
        private, local and cloud metadata addresses are refused, and the address a name points to is checked again
        before every delivery.
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
