// Node's flags for the production server (docs/decisions/033). V8 sizes the young generation
// by the machine's memory: on a 24 GB machine its semi-spaces reach 64 MB, and the server held
// about 100 MB more than it used. 16 MB (Node's default for years) keeps scavenges cheap and
// the server near 200 MB on PostgreSQL. `npm start` and the Docker image pass the same flag;
// the bench starts the server with these, so what it prints is what production runs.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16"];
