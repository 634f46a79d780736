import { fileSafeStem } from "#web/lib/file-names.ts";

/** `<reference>-sealed.pdf`, or `<token>-sealed.pdf` for a code without a reference. */
export const sealedFileName = (code: { propertyReference: string | null; publicToken: string }) =>
  `${fileSafeStem(code.propertyReference ?? "") || code.publicToken}-sealed.pdf`;
