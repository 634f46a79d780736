import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { BRAND } from "#web/lib/brand.ts";

/** The product's mark and name, linking home: the same in the signed-in shell and on public pages. */
export function BrandMark() {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 text-lg font-semibold tracking-tight text-slate-900">
      <span aria-hidden="true" className="grid size-8 place-items-center rounded-control bg-brand-700 text-white">
        <ShieldCheck className="size-5" strokeWidth={2.25} />
      </span>
      {BRAND.name}
    </Link>
  );
}
