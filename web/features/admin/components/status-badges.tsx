import { Badge } from "../../../components/ui/card";

/** The real active state of a company, user or valuer. */
export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return <Badge tone={isActive ? "green" : "red"}>{isActive ? "Active" : "Inactive"}</Badge>;
}

export function RoleBadge({ role }: { role: string }) {
  const label = role === "admin" ? "Admin" : role === "user" ? "User" : role;
  return <Badge tone={role === "admin" ? "blue" : "slate"}>{label}</Badge>;
}
