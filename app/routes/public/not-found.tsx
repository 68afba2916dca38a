import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { ErrorPage } from "~/components/layout/error-page.tsx";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found | Thula Relocations" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return <ErrorPage status={404} />;
}
