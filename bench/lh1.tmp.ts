import { lighthousePages, printLighthouse } from "./lighthouse.ts";
const url = process.argv[2]!; const paths = process.argv.slice(3);
const rows = await lighthousePages(url, paths, { runs: 1, reportDir: "/tmp/lhr" });
printLighthouse(rows, 1);
