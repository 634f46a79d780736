import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "../ui/card";
import { PublicFooter, PublicTopBar } from "./public-top-bar";
import { PageTitle } from "../ui/page-title";

/** A public page other than the landing page: the top bar with a way home, the page's content, the footer. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <PublicTopBar
        action={
          <Link
            to="/"
            className="ml-2 rounded-md border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:bg-slate-100"
          >
            Back to Home
          </Link>
        }
      />
      {children}
      <PublicFooter />
    </div>
  );
}

/** A public page reached from a link (an invite, an emailed confirmation or reset link): one card titled by the h1. */
export function PublicCardPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <PublicFrame>
      <main id="main" tabIndex={-1} className="flex-1 px-4 py-10">
        <Card className="mx-auto w-full max-w-lg p-6 sm:p-8">
          <PageTitle className="[overflow-wrap:anywhere]">{title}</PageTitle>
          <div className="mt-4 space-y-4">{children}</div>
        </Card>
      </main>
    </PublicFrame>
  );
}
