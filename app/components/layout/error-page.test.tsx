import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorPage } from "./error-page.tsx";

function render(status: number) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <ErrorPage status={status} /> }]);
  return renderToString(<Stub />).replace(/&#x27;/g, "'");
}

describe("ErrorPage", () => {
  it("says 'busy' for a 503 (the database did not answer in time), with a way to try again", () => {
    const html = render(503);
    expect(html).toContain("Error 503");
    expect(html).toContain("We're busy right now, so nothing was saved. Please try again in a moment.");
    expect(html).toContain("Try Again");
    expect(html).not.toContain("Something went wrong on our side");
  });

  it("keeps its own words for any other failure", () => {
    expect(render(500)).toContain("Something went wrong on our side");
    expect(render(404)).toContain("This page has moved on");
  });
});
