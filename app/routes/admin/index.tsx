import { redirect } from "react-router";

// /admin goes to the dashboard. A page route, not a resource route: a resource route at
// /admin would answer the Sign Out form's plain (no JavaScript) POST to /admin itself, with
// 405, instead of leaving it to the admin layout's action.
export function loader() {
  return redirect("/admin/dashboard");
}

export default function AdminIndex() {
  return null;
}
