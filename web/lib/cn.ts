import { clsx, type ClassValue } from "clsx";
import { extendTailwindMerge } from "tailwind-merge";

/**
 * tailwind-merge must know the theme's own names (web/styles.css), or it would take
 * `text-page-title` for a colour and drop it beside `text-slate-900`.
 */
const merge = extendTailwindMerge({
  extend: {
    theme: {
      text: ["page-title", "section-title"],
      radius: ["control", "card", "overlay"],
      shadow: ["card", "raised", "overlay"],
    },
  },
});

/**
 * Joins class names, skipping falsy ones, and resolves Tailwind conflicts so that the last class
 * wins: a caller's `left-0` replaces a primitive's `left-1/2`, `text-brand-800` replaces
 * `text-white`. Every component takes its caller's className last, so the caller's choice wins.
 */
export const cn = (...classes: ClassValue[]) => merge(clsx(classes));
