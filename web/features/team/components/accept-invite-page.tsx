export function AcceptInvitePage() {
  return <h1 className="text-2xl font-bold text-slate-900">Join your company</h1>;
}
