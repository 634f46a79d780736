import { SCAN_RETENTION_MONTHS_DEFAULT } from "#schema/limits/scans.ts";
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
          We keep account data while your account is active and as long as needed to meet legal, accounting and
          reporting obligations. Verification codes already issued stay functional after an account ends so that reports
          remain verifiable.
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
        <p>To exercise any of these rights, write to {BRAND.mailboxes.privacy}.</p>
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
