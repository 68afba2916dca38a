// The layering of docs/decisions/003-project-layout.md, checked by `npm run lint`.
// Run: npm run lint:architecture (part of npm run lint); each refusal prints its rule and the comment below.
// Imports flow one way: routes → features → components, content, lib → db. A feature reaches
// another feature only through that feature's public surface, and no module (type-only
// imports included) takes part in an import cycle, nor does any feature with another.

/** Test code may reach into what it tests; these rules are about the product. */
const tests = "(\\.test\\.tsx?|\\.db\\.test\\.ts)$|/testing/|testing\\.server\\.ts$|^tests/";

/**
 * The features in layers: a feature uses features of lower layers only, never one of its own
 * layer or above, so no two features can ever depend on each other (through any files).
 * A new feature folder must be placed here.
 */
const featureLayers = [
  ["abuse", "activity", "business-card", "health", "legal", "mail", "packages", "seo", "tracking"],
  ["admin-auth", "consent", "contacts", "payments"],
  ["seminars"],
  ["consultations"],
  ["about", "blog", "dashboard", "home", "people", "services"],
];
const allFeatures = featureLayers.flat();

/** One rule per feature: nothing from its own layer or the layers above it. */
const layerRules = featureLayers.flatMap((layer, index) =>
  layer.map((feature) => {
    const notBelow = featureLayers.slice(index).flat().filter((other) => other !== feature);
    return {
      name: `feature-layers/${feature}`,
      severity: "error",
      comment:
        `features/${feature} (layer ${index + 1}) may use only features of lower layers ` +
        `(${featureLayers.slice(0, index).flat().join(", ") || "none"}); move what both need down a layer, ` +
        "or let the higher feature pass it in (docs/decisions/003-project-layout.md).",
      from: { path: `^app/features/${feature}/`, pathNot: tests },
      to: { path: `^app/features/(${notBelow.join("|")})/` },
    };
  }),
);

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "feature-layers/unplaced",
      severity: "error",
      comment: "A feature folder that featureLayers in .dependency-cruiser.cjs does not place: add it to a layer.",
      from: { path: `^app/features/(?!(${allFeatures.join("|")})/)[^/]+/` },
      to: {},
    },
    {
      name: "no-cycle",
      severity: "error",
      comment: "An import cycle (type-only imports count): move what both sides need into a module of its own.",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-is-the-foundation",
      severity: "error",
      comment: "app/lib holds settings, logging and formatting for everyone: it imports no feature, content, component, route or wiring.",
      from: { path: "^app/lib/" },
      to: { path: "^app/(features|content|components|routes|wiring)/|^app/(root|entry\\.server|routes)\\.tsx?$" },
    },
    {
      name: "content-is-data",
      severity: "error",
      comment: "app/content is the company's typed content: it imports no feature, component, route or wiring.",
      from: { path: "^app/content/" },
      to: { path: "^app/(features|components|routes|wiring)/" },
    },
    {
      name: "components-are-shared",
      severity: "error",
      comment: "app/components are primitives every feature may use: they import no feature, route or wiring.",
      from: { path: "^app/components/" },
      to: { path: "^app/(features|routes|wiring)/" },
    },
    {
      name: "features-below-routes",
      severity: "error",
      comment: "Features are called by routes, never the other way round.",
      from: { path: "^app/features/", pathNot: tests },
      to: { path: "^app/(routes|wiring)/|^app/(root|entry\\.server|routes)\\.tsx?$" },
    },
    {
      name: "db-below-app",
      severity: "error",
      comment: "db/ (schema, migrations, seed) is below the app: it imports no feature, route, component or wiring.",
      from: { path: "^db/", pathNot: tests },
      to: { path: "^app/(features|routes|components|wiring)/" },
    },
    {
      name: "tables-only-in-server-modules",
      severity: "error",
      comment:
        "The ORM and the tables are reached only from server modules (*.server.ts) of features and from db/: " +
        "routes, components and browser modules call a feature's service. The browser-safe enums (db/schema/enums.ts) and types are fine.",
      from: { path: "^app/", pathNot: [tests, "\\.server\\.tsx?$"] },
      to: { path: "^db/(schema/(?!enums\\.ts$)|client\\.ts$|migrations/)|node_modules/drizzle-orm", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "feature-public-surface",
      severity: "error",
      comment:
        "A feature reaches another feature's server code only through its service.server.ts (never its queries or other server modules).",
      from: { path: "^app/features/([^/]+)/", pathNot: tests },
      to: {
        path: "^app/features/[^/]+/.+\\.server\\.tsx?$",
        pathNot: ["^app/features/$1/", "^app/features/[^/]+/service\\.server\\.ts$"],
      },
    },
    {
      name: "testing-helpers-stay-in-tests",
      severity: "error",
      comment: "Test helpers (testing/, testing.server.ts) are for tests and scripts, never product code.",
      from: { path: "^(app|server|db)/", pathNot: tests },
      to: { path: "/testing/|testing\\.server\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router|node_modules|coverage|data|public)/" },
    // Type-only imports are dependencies too: a cycle through types is still a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
