import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

// Code style and React rules. Where imports may go (layers, features, tables, cycles) is
// checked by dependency-cruiser (.dependency-cruiser.cjs), run by `npm run lint` too.
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
    files: ["scripts/**/*.{js,mjs,ts}", "server/**/*.ts", "tests/**/*.ts", "db/**/*.ts", "bench/**/*.ts"],
    rules: { "no-console": "off" },
  },
  {
    // Test helpers named use… (useBrowser) are not React hooks.
    files: ["tests/**/*.ts", "**/*.test.{ts,tsx}"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
