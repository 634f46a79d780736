import { z } from "zod";

/**
 * WebAuthn's options for the browser (PublicKeyCredentialCreationOptionsJSON or
 * PublicKeyCredentialRequestOptionsJSON of the W3C standard), made by @simplewebauthn/server and
 * handed as they are to @simplewebauthn/browser: the standard defines their fields.
 */
export const webAuthnOptionsAnswer = z
  .looseObject({ challenge: z.string() })
  .meta({ description: "WebAuthn options in the W3C JSON form, for navigator.credentials" });
