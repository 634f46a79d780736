import { SCAN_RETENTION_MONTHS_DEFAULT } from "#schema/limits/scans.ts";
import { CLOSING_GRACE_DAYS, TAX_RECORD_YEARS } from "#schema/limits/privacy.ts";
import { BRAND } from "#web/lib/brand.ts";
import { ContactBlock, LegalPage, type LegalSection } from "./legal-page";

const RIGHTS = ["Access", "Rectification", "Erasure", "Restriction", "Portability", "Objection"];

const SECTIONS: LegalSection[] = [
  {
    title: "Information We Collect",
    body: (
      <>
        <p>When you register and use {BRAND.name} we collect:</p>
        <ul className="list-disc pl-6">
          <li>your name and email address;</li>
          <li>company information (company name, email, phone and location);</li>
          <li>phone numbers;</li>
          <li>professional qualifications of your valuers;</li>
          <li>the property and valuation details you enter to generate verification codes.</li>
        </ul>
      </>
    ),
  },
  {
    title: "How We Use Your Information",
    body: (
      <p>
        We use your information to provide the service: to create your account, generate verification codes, show public
        certificates to people who scan your codes, alert your company when a code is scanned, provide support and meet
        our legal obligations.
      </p>
    ),
  },
  {
    title: "Information Sharing",
    body: (
      <p>
        We do not sell your personal data. Certificate details you publish by issuing a code are shown to anyone who
        scans it. We share data with service providers who host and operate the platform for us, under contract, and
        with authorities where the law requires it.
      </p>
    ),
  },
  {
    title: "Data Security",
    body: (
      <p>
        Your data is encrypted in transit and at rest. Passwords are stored only as salted, memory-hard hashes, and
        access to the platform is restricted to authorised staff.
      </p>
    ),
  },
  {
    title: "Data Retention",
    body: (
      <>
        <p>
          Staff of valuation firms and of lenders: we keep your name, email, password hash, second factors and where you
          are signed in while your account is open, so you can sign in and work; what you do on your organisation's
          account is kept in its audit log for as long as the organisation's certificates can be verified, so the
          organisation can show who did what. Sessions, emailed links and failed sign-ins are deleted once they can no
          longer be used. When you delete your account, or your organisation closes, you have {CLOSING_GRACE_DAYS} days
          to change your mind; then your name, email and sign-in details are erased, including from the audit log.
        </p>
        <p>
          Verification codes already issued stay functional after an account ends so that reports remain verifiable:
          what a certificate shows (the firm, its contact details and the signing valuer as they were when it was
          issued) is kept for as long as it can be verified, and says when the issuer's account closed. Receipts, the
          credit ledger and payment records are kept for {TAX_RECORD_YEARS.default} years after an organisation closes,
          as tax law requires, and then deleted.
        </p>
        <p>
          When anyone scans a code we record when, which code, a coarse place (country and city, from the network), the
          kind of device (phone, computer) and a visitor key made from the network, never the address itself. The key
          changes every calendar year and the old one is deleted when the year ends, so a phone is recognised within a
          year and never across years. We keep each scan for {SCAN_RETENTION_MONTHS_DEFAULT} months, so the issuing firm
          can see who checked its report and misuse can be traced; after that only daily counts remain.
        </p>
      </>
    ),
  },
  {
    title: "Your Rights",
    body: (
      <>
        <p>Under data protection law you have the right of:</p>
        <ul className="list-disc pl-6">
          {RIGHTS.map((right) => (
            <li key={right}>{right}</li>
          ))}
        </ul>
        <p>
          Signed in, you can download your data at once from Profile Settings, and delete your account there; an
          organisation's owner downloads all of its data and closes it from Company Details. For anything else, or if
          you have no account (a valuer named on a certificate, someone who scanned a code), write to{" "}
          {BRAND.mailboxes.privacy}: we answer within 7 days (30 for a copy to take elsewhere).
        </p>
      </>
    ),
  },
  {
    title: "Cookies",
    body: (
      <p>
        We use cookies and similar browser storage to keep you signed in and to make the service work. You can clear
        them in your browser settings at any time; you will then need to sign in again.
      </p>
    ),
  },
  {
    title: "Updates to This Policy",
    body: (
      <p>
        We may update this policy from time to time. The date at the top shows when it last changed; significant changes
        will be announced in the application.
      </p>
    ),
  },
  {
    title: "Contact Us",
    body: (
      <>
        <p>Questions about this policy or your data:</p>
        <ContactBlock mailbox="privacy" />
      </>
    ),
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      lastUpdated={BRAND.legalLastUpdated.privacy}
      intro={
        <p>This policy explains what personal data {BRAND.name} collects, why, and the rights you have over it.</p>
      }
      sections={SECTIONS}
    />
  );
}
