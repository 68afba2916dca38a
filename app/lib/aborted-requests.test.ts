import { describe, expect, it } from "vitest";
import { isAbortRejection, quietAbortedRequests } from "./aborted-requests.ts";

function rejection(reason: unknown) {
  const event = new Event("unhandledrejection", { cancelable: true }) as PromiseRejectionEvent;
  Object.defineProperty(event, "reason", { value: reason });
  return event;
}

describe("aborted requests", () => {
  it("recognises the router's aborts and nothing else", () => {
    const controller = new AbortController();
    controller.abort();
    expect(isAbortRejection(controller.signal.reason)).toBe(true);
    expect(isAbortRejection(new Error("Network down"))).toBe(false);
    expect(isAbortRejection("AbortError")).toBe(false);
    expect(isAbortRejection(null)).toBe(false);
  });

  it("keeps an abort out of the error report, lets every other rejection through, and can be removed", () => {
    const target = new EventTarget();
    const remove = quietAbortedRequests(target as unknown as Window);
    const controller = new AbortController();
    controller.abort();

    const aborted = rejection(controller.signal.reason);
    target.dispatchEvent(aborted);
    expect(aborted.defaultPrevented).toBe(true);

    const failed = rejection(new TypeError("Failed to fetch"));
    target.dispatchEvent(failed);
    expect(failed.defaultPrevented).toBe(false);

    remove();
    const afterRemoval = rejection(controller.signal.reason);
    target.dispatchEvent(afterRemoval);
    expect(afterRemoval.defaultPrevented).toBe(false);
  });
});
