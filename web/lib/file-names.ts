/** A name made file-safe: anything but letters, digits, dots and hyphens becomes one hyphen ("LR No. 209/1234" → "LR-No.-209-1234"). */
export const fileSafeStem = (name: string | number) =>
  String(name)
    .trim()
    .replace(/[^\w.-]+/g, "-")
    .replace(/^-+|-+$/g, "");
