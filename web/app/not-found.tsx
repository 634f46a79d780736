import { Link } from "react-router";
import { buttonClasses } from "../components/ui/button";
import { PageTitle } from "../components/ui/page-title";
import { useDocumentTitle } from "../lib/use-document-title";

/**
 * Any address the app does not know. The heading is the product's; the line under it speaks to a
 * person who followed a broken link or mistyped an address, and the two ways on are the ones they
 * most likely came for: the home page, and checking a valuation report.
 */
export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <main id="main" tabIndex={-1} className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <PageTitle>404 Page Not Found</PageTitle>
        <p className="mt-4 text-sm text-slate-600">
          There is no page at this address. The link may be broken or the address mistyped.
        </p>
        <p className="mt-2 text-sm text-slate-600">
          If you were checking a valuation report, type the verification code printed on it, or scan its QR code again.
        </p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          {/* /verify is the Worker's page, not a route of this app: a full page load. */}
          <a href="/verify" className={buttonClasses()}>
            Verify a report
          </a>
          <Link to="/" className={buttonClasses({ variant: "secondary" })}>
            Go to the home page
          </Link>
        </div>
      </div>
    </main>
  );
}
