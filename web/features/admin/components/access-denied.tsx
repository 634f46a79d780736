/** A non-admin on an admin path sees this line and nothing else (the server refuses the data anyway). */
export function AccessDenied() {
  return (
    <p
      role="alert"
      className="mx-auto mt-12 max-w-md rounded-lg border border-red-200 bg-red-50 p-6 text-center text-red-800"
    >
      Access Denied: You don&apos;t have permission to access this page.
    </p>
  );
}
