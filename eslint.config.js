import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "coverage/", "public/", ".tmp/"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    // Imports flow one way: shared → features → routes. Routes never touch the ORM.
    files: ["app/routes/**/*.{ts,tsx}", "app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["drizzle-orm", "drizzle-orm/*"], message: "Routes and components call a feature's service or queries, never the ORM." },
            { group: ["#db/schema*", "#db/schema/*"], message: "Routes and components never touch tables directly." },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.{js,mjs,ts}", "server/**/*.ts", "tests/**/*.ts", "db/**/*.ts", "bench/**/*.ts"],
    rules: { "no-console": "off" },
  },
  {
    // Test helpers named use… (useBrowser) are not React hooks.
    files: ["tests/**/*.ts", "**/*.test.{ts,tsx}"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
