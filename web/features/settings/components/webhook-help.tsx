const EXAMPLE_BODY = `{
  "event": "code.scanned",
  "code": { "id": "Ab3dEf6hJk9mNp2q", "reference": "VAL-2025-001", "address": "12 Riverside Drive, Westlands, Nairobi" },
  "scan": { "at": "2025-01-15T09:30:00.000Z", "country": "KE", "city": "Nairobi", "device": "mobile" },
  "verificationCount": 42
}`;

const HEADERS: [name: string, meaning: string][] = [
  ["X-ValuSeal-Signature", "sha256= followed by the hex HMAC-SHA256 of the raw body, keyed with your secret."],
  ["X-ValuSeal-Timestamp", "When the delivery was sent, in Unix seconds."],
  ["X-ValuSeal-Delivery", "The delivery's id; the same on every retry, so you can ignore repeats."],
  ["X-ValuSeal-Event", "code.scanned"],
];

/** What the receiver gets and how it proves the request came from ValuSeal. */
export function WebhookHelp() {
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p>
        Each counted scan is sent as a JSON <code>POST</code> to your URL. Check the{" "}
        <code className="font-semibold">X-ValuSeal-Signature</code> header before trusting it: it is{" "}
        <code>sha256=</code> followed by the HMAC-SHA256 of the raw request body, keyed with your signing secret. Answer
        with any 2xx status within 5 seconds; failed deliveries are retried with growing delays for about 30 minutes.
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
