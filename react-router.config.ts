import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // Separate build folders let several builds (parallel checkouts, CI) coexist.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
