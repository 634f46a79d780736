import { isMotorVehicle } from "#schema/code-description.ts";
import type { Language } from "#schema/language.ts";
import type { PublicCertificate } from "#schema/validation/certificate.ts";
import { translated, type CertificateTexts } from "./texts/certificate-page";
import { valuerRegisterLine } from "./texts/verdict";

/** How the page that shows a certificate writes its values: in its language, with its own formatters. */
export interface CertificateFormats {
  language: Language;
  date: (iso: string) => string;
  money: (value: string, currency: string) => string;
  quantity: (value: string | null, unit: string | null) => string | null;
}

export type CertificateRows = [label: string, value: string | null][];

interface CertificateSection {
  title: string;
  rows: CertificateRows;
}

/** What was valued: a vehicle by its reference and description, anything else by location and reference. */
function identityRows(c: PublicCertificate, t: CertificateTexts): CertificateRows {
  return isMotorVehicle(c)
    ? [
        [t.vehicleReference, c.propertyReference],
        [t.vehicleDescription, c.propertyArea],
      ]
    : [
        [t.location, c.propertyAddress],
        [t.reference, c.propertyReference],
      ];
}

/**
 * The certificate's three sections (property, valuation, signing valuer) with their rows, in order:
 * the scanned page (worker/lib/certificate-page.ts) and the web app's certificate view render these
 * same rows in their own markup. A row whose value is null or empty is left out by the renderer.
 */
export function certificateSections(c: PublicCertificate, t: CertificateTexts, f: CertificateFormats) {
  const sections: CertificateSection[] = [
    {
      title: t.propertyInformation,
      rows: [
        ...identityRows(c, t),
        [t.type, translated(t.propertyTypes, c.propertyType)],
        [t.titleNumber, c.titleNumber],
        [t.buildingSize, f.quantity(c.propertySize, c.propertySizeUnit)],
        [t.landSize, f.quantity(c.landSize, c.landSizeUnit)],
      ],
    },
    {
      title: t.valuationDetails,
      rows: [
        [t.marketValue, f.money(c.marketValue, c.currency)],
        [t.forcedSaleValue, c.forcedSaleValue === null ? null : f.money(c.forcedSaleValue, c.currency)],
        [t.valuationDate, f.date(c.valuationDate)],
        [t.inspectionDate, c.inspectionDate === null ? null : f.date(c.inspectionDate)],
        [t.validUntil, c.validUntil === null ? null : f.date(c.validUntil)],
        [t.preparedFor, c.addressee],
        ...c.relianceLetters.map((letter): CertificateRows[number] => [
          t.relianceLetter,
          t.relianceExtended(letter.lenderName, f.date(letter.relianceUntil)),
        ]),
        [t.purpose, translated(t.purposes, c.purpose)],
      ],
    },
    {
      title: t.signingValuer,
      rows: [
        [t.name, c.signingValuer],
        [t.qualification, c.valuerQualification],
        [t.registrationNumber, c.valuerRegistrationNumber],
        [t.registerCheck, valuerRegisterLine(f.language, c.valuerRegisterCheck, f.date)],
        [t.phone, c.valuerPhone],
        [t.company, c.companyName],
        [t.companyRegistration, c.issuerRegistration],
        [t.companyEmail, c.companyEmail],
        [t.companyPhone, c.companyPhone],
      ],
    },
  ];
  return sections;
}
