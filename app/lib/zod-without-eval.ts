// "zod" as the app imports it (vite.config.ts points the bare name here): zod with its
// compiled fast path off. That path first probes `new Function("")`, which the site's
// Content-Security-Policy (no 'unsafe-eval') refuses and the browser reports as a violation.
import { config } from "zod/v4";

config({ jitless: true });

export * from "zod/v4";
export { default, default as z } from "zod/v4";
