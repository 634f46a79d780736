/** The user's own % and _ match literally in LIKE/ILIKE (Postgres' default escape is the backslash). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `%text%`: anywhere in the value. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** `text%` on lowered text: the form a `lower(column) text_pattern_ops` index can answer. */
export const prefixPattern = (text: string) => `${escapeLike(text.toLowerCase())}%`;
