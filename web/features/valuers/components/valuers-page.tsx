export function ValuersPage() {
  return <h1 className="text-2xl font-bold text-slate-900">My Company Valuers</h1>;
}
