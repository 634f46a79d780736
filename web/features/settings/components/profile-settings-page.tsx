export function ProfileSettingsPage() {
  return <h1 className="text-2xl font-bold text-slate-900">Profile Settings</h1>;
}
