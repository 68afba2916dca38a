import type { DemoRules } from "#db/seed/demo.ts";
import { HOLD_MINUTES } from "~/features/seminars/seats/rules.ts";

// The app's rules the demo data follows (db/ sits below the features that own them, so they
// are passed in): the start-up, `npm run db:seed` and the seed's tests use this one object.

export const demoRules: DemoRules = { holdMinutes: HOLD_MINUTES };
