export function AdminPage() {
  return <h1 className="text-2xl font-bold text-slate-900">Admin Dashboard</h1>;
}
