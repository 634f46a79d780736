import type { ReactNode } from "react";
import { PublicFrame } from "#web/components/layout/public-page.tsx";
import { BRAND } from "#web/lib/brand.ts";
import { PageTitle } from "#web/components/ui/page-title.tsx";

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** Layout of both legal pages: top bar with the current page highlighted, numbered sections. */
export function LegalPage({
  title,
  lastUpdated,
  intro,
  sections,
}: {
  title: string;
  lastUpdated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <PublicFrame>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
        <PageTitle className="sm:text-3xl">{title}</PageTitle>
        <p className="mt-2 text-sm text-slate-500">Last updated: {lastUpdated}</p>
        <div className="mt-4 text-slate-700">{intro}</div>
        <ol className="mt-8 space-y-8">
          {sections.map((section, index) => (
            <li key={section.title}>
              <h2 className="text-xl font-semibold text-slate-900">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-2 space-y-2 leading-relaxed text-slate-700">{section.body}</div>
            </li>
          ))}
        </ol>
      </main>
    </PublicFrame>
  );
}

export function ContactBlock({ mailbox }: { mailbox: keyof typeof BRAND.mailboxes }) {
  return (
    <address className="not-italic">
      {BRAND.postalAddress.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
      <span className="mt-2 block">
        {(Object.keys(BRAND.mailboxes) as Array<keyof typeof BRAND.mailboxes>)
          .sort((a, b) => (a === mailbox ? -1 : b === mailbox ? 1 : 0))
          .map((box) => (
            <span key={box} className="block">
              {box[0]!.toUpperCase() + box.slice(1)}:{" "}
              <a className="text-brand-700 underline" href={`mailto:${BRAND.mailboxes[box]}`}>
                {BRAND.mailboxes[box]}
              </a>
            </span>
          ))}
      </span>
    </address>
  );
}
