import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";

/** A missing code and another company's code look the same, so ids reveal nothing. */
export function CodeNotFound() {
  return (
    <Card className="mx-auto max-w-lg p-8 text-center">
      <h1 className="text-xl font-bold text-slate-900">QR Code Not Found</h1>
      <p className="mt-2 text-slate-600">The requested QR code could not be found.</p>
      <Link to="/dashboard" className={buttonClasses({ className: "mt-6" })}>
        Back to Dashboard
      </Link>
    </Card>
  );
}
