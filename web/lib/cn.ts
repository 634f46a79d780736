/** Joins class names, skipping falsy ones. */
export const cn = (...classes: Array<string | false | null | undefined>) => classes.filter(Boolean).join(" ");
