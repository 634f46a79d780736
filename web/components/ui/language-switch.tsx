import { LANGUAGE_NAMES, type Language } from "#schema/language.ts";
import { cn } from "#web/lib/cn.ts";
import { setLanguage, useLanguage } from "#web/lib/language.ts";
import { useSession } from "#web/lib/session.ts";

/**
 * The certificate's language switch on the app's translated screens: the other language, named in
 * that language ("Kiswahili", "English"), so a reader finds their own.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const language = useLanguage();
  const { user } = useSession();
  const other: Language = language === "sw" ? "en" : "sw";
  return (
    <button
      type="button"
      lang={other}
      onClick={() => setLanguage(other, { signedIn: Boolean(user) })}
      className={cn(
        "min-h-11 whitespace-nowrap rounded px-2 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900",
        className,
      )}
    >
      {LANGUAGE_NAMES[other]}
    </button>
  );
}
