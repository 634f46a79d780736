export function CertificateViewPage() {
  return <h1 className="text-2xl font-bold text-slate-900">Property Valuation Certificate</h1>;
}
