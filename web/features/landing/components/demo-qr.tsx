import { useEffect, useState } from "react";
import { DEMO_CERTIFICATE } from "#schema/demo-certificate.ts";
import { answerOf, api } from "#web/lib/api-client.ts";

/** The live demo code: requested on load; a failure is only logged and "Loading..." stays. */
export function DemoQr({ alt, loading }: { alt: string; loading: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    answerOf(api.POST("/demo-qr", { body: DEMO_CERTIFICATE }))
      .then((res) => active && setImage(res.qrCodeData))
      .catch((error) => console.error("Demo QR code could not be loaded", error));
    return () => {
      active = false;
    };
  }, []);
  // On a phone the code cannot be scanned by the phone showing it: tapping it opens the same sample.
  return (
    <a
      href="/v/demo"
      className="flex h-48 w-48 items-center justify-center rounded-lg bg-white p-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
    >
      {image ? (
        <img src={image} alt={alt} className="h-full w-full" />
      ) : (
        <span className="text-sm text-slate-500">{loading}</span>
      )}
    </a>
  );
}
