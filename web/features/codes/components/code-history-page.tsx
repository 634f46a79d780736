export function CodeHistoryPage() {
  return <h1 className="text-2xl font-bold text-slate-900">QR History</h1>;
}
