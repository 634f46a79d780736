export function CodeDetailPage() {
  return <h1 className="text-2xl font-bold text-slate-900">QR Code</h1>;
}
