import { BRAND } from "#web/lib/brand.ts";
import { ContactBlock, LegalPage, type LegalSection } from "./legal-page";

const SECTIONS: LegalSection[] = [
  {
    title: "Acceptance of Terms",
    body: (
      <p>
        By registering for or using {BRAND.name} you agree to these Terms of Use. If you do not agree, do not use the
        service.
      </p>
    ),
  },
  {
    title: "Service Description",
    body: (
      <p>
        {BRAND.name} lets property valuation companies and their valuers generate a unique verification code for each
        valuation report, and lets anyone who scans the code view a public valuation certificate that confirms the
        report is authentic.
      </p>
    ),
  },
  {
    title: "Eligibility",
    body: (
      <p>
        You must be at least 18 years old and have the legal authority to bind the valuation company you register on
        behalf of.
      </p>
    ),
  },
  {
    title: "User Responsibilities",
    body: (
      <p>
        You are responsible for the accuracy of the information you enter, for keeping your password confidential, and
        for all activity under your account. You must not use the service to misrepresent a valuation or any other fact.
      </p>
    ),
  },
  {
    title: "Professional Standards",
    body: (
      <p>
        Valuations remain the professional responsibility of the signing valuer and their company, who must hold the
        qualifications they declare and follow the professional standards that apply to them. {BRAND.name} verifies that
        a code was issued, not the valuation itself.
      </p>
    ),
  },
  {
    title: "Intellectual Property",
    body: (
      <p>
        The service, its software and its brand belong to {BRAND.name}. You keep the rights to your reports and data,
        and grant us the licence needed to store them and show certificates to people who scan your codes.
      </p>
    ),
  },
  {
    title: "Payment and Billing",
    body: (
      <ul className="list-disc pl-6">
        <li>Registration is free. A new firm receives 3 trial credits once its email address is confirmed.</li>
        <li>
          Pricing is pay-per-use: one credit pays for one code generated, however it is generated (one at a time, in a
          batch, through the API, or to replace a revoked code). There are no monthly fees or subscriptions.
        </li>
        <li>
          Payment is required before a code is generated: credits are bought in advance, in packs, by card (through
          Stripe), and a code is generated only while a credit is available. Credits do not expire.
        </li>
        <li>
          Prices are those shown on the Billing screen and the pricing section of our home page when you buy. They
          exclude VAT, which is added at the applicable rate (16 % in Kenya) and shown on your receipt. Each payment is
          followed by a receipt (tax invoice) emailed to the firm's owner and kept in Billing.
        </li>
        <li>
          Scanning codes, viewing certificates, checking reports and everything lenders do (recording reliance, watching
          valuations, asking for letters) are free.
        </li>
        <li>
          Fees are non-refundable unless otherwise specified; revoking a code does not return its credit. Where we
          refund a payment, the credits it bought are taken back.
        </li>
      </ul>
    ),
  },
  {
    title: "Service Availability",
    body: (
      <p>
        We aim to keep the service and public certificates available at all times but do not guarantee uninterrupted
        availability; maintenance and events beyond our control may cause interruptions.
      </p>
    ),
  },
  {
    title: "Limitation of Liability",
    body: (
      <p>
        To the extent permitted by law, our total liability to you for any claim is limited to the amount you paid us in
        the 12 months preceding the claim.
      </p>
    ),
  },
  {
    title: "Data and Privacy",
    body: <p>Our use of personal data is described in our Privacy Policy, which forms part of these terms.</p>,
  },
  {
    title: "Termination",
    body: (
      <p>
        You may close your account at any time, and we may suspend or terminate accounts that breach these terms. Codes
        generated before termination remain functional, so reports already issued can still be verified.
      </p>
    ),
  },
  {
    title: "Governing Law",
    body: (
      <p>
        These terms are governed by the law of England and Wales, and disputes fall under the exclusive jurisdiction of
        the courts of England and Wales.
      </p>
    ),
  },
  {
    title: "Changes to Terms",
    body: (
      <p>
        We may change these terms; the date at the top shows the latest version. Continuing to use the service after a
        change means you accept it.
      </p>
    ),
  },
  {
    title: "Contact Information",
    body: (
      <>
        <p>Questions about these terms:</p>
        <ContactBlock mailbox="legal" />
      </>
    ),
  },
];

export function TermsOfUsePage() {
  return (
    <LegalPage
      title="Terms of Use"
      lastUpdated={BRAND.legalLastUpdated.terms}
      intro={<p>These terms govern your use of {BRAND.name}.</p>}
      sections={SECTIONS}
    />
  );
}
