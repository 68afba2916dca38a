// A second admin the end-to-end server creates at start (ADMIN_EMAIL, ADMIN_PASSWORD,
// ADMIN_NAME in global-setup.ts), for admin-profile.e2e.ts to rename and give a new password:
// every other journey signs in as the demo admin, whose name and password stay as published.
export const PROFILE_ADMIN = { email: "profile.e2e@thula.example", password: "the profile journey's first passphrase", name: "Profile Tester" } as const;
