import type { ButtonHTMLAttributes } from "react";
import { cn } from "#web/lib/cn.ts";

/**
 * Solid red (`danger`) is kept for the confirming step of a destructive action, inside its dialog;
 * the button that opens that dialog is `dangerOutline`. `inverse` and `inverseOutline` sit on the
 * brand-coloured hero.
 */
const VARIANTS = {
  primary: "bg-brand-700 text-white shadow-sm hover:bg-brand-800 disabled:bg-brand-300",
  secondary: "border border-line-strong bg-surface text-slate-800 shadow-sm hover:bg-slate-50 disabled:text-slate-400",
  ghost: "text-slate-700 hover:bg-slate-100",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-700 disabled:bg-red-300",
  dangerOutline: "border border-red-300 bg-surface text-red-700 hover:bg-red-50 disabled:text-red-300",
  inverse: "bg-white text-brand-800 shadow-sm hover:bg-brand-50",
  inverseOutline: "border border-white/50 bg-transparent text-white hover:bg-white/10",
  link: "p-0 text-brand-700 underline-offset-4 hover:underline",
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof VARIANTS;
  size?: "sm" | "md" | "lg";
}

const SIZES = {
  sm: "min-h-8 px-3 py-1 text-sm",
  md: "min-h-10 px-4 py-2 text-sm",
  lg: "min-h-12 px-6 py-2.5 text-base",
};

/** The button look, also for links that act as buttons (e.g. a router Link to /create-qr). */
export function buttonClasses({
  variant = "primary",
  size = "md",
  className,
}: Pick<ButtonProps, "variant" | "size" | "className"> = {}) {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-control font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed [&_svg]:size-4 [&_svg]:shrink-0",
    variant !== "link" && SIZES[size],
    VARIANTS[variant],
    className,
  );
}

export function Button({ variant = "primary", size = "md", className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}
