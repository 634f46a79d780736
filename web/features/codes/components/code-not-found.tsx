import { Link } from "react-router";
import { buttonClasses } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { PageTitle } from "#web/components/ui/page-title.tsx";

/** A missing code and another company's code look the same, so ids reveal nothing. */
export function CodeNotFound() {
  return (
    <Card className="mx-auto max-w-lg p-8 text-center">
      <PageTitle>QR Code Not Found</PageTitle>
      <p className="mt-2 text-slate-600">The requested QR code could not be found.</p>
      <Link to="/dashboard" className={buttonClasses({ className: "mt-6" })}>
        Back to Dashboard
      </Link>
    </Card>
  );
}
