import { Link } from "react-router";
import { PageTitle } from "../components/ui/page-title";

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <PageTitle>404 Page Not Found</PageTitle>
        <p className="mt-4 text-sm text-slate-600">Did you forget to add the page to the router?</p>
        <Link to="/" className="mt-6 inline-block text-sm text-brand-700 underline">
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
