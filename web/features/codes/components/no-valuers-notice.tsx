import { Link } from "react-router";
import { buttonClasses } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";

/** A firm without an active valuer cannot issue: it is told why, and led to where a valuer is added. */
export function NoValuersNotice({ className }: { className?: string }) {
  return (
    <div
      role="alert"
      className={cn("rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900", className)}
    >
      <p className="font-semibold">No valuers available. Please add a valuer first.</p>
      <p className="mt-1">Every certificate names the valuer who signed the report, so a code needs one.</p>
      <Link to="/valuers" className={buttonClasses({ className: "mt-3" })}>
        Add a valuer
      </Link>
    </div>
  );
}
