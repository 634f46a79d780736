export function CreateCodePage() {
  return <h1 className="text-2xl font-bold text-slate-900">Create Unique Code for your valuation report</h1>;
}
