export function CompanyDetailsPage() {
  return <h1 className="text-2xl font-bold text-slate-900">Company Details</h1>;
}
