import { Agent, request, type Dispatcher } from "undici";
import { openDatabase } from "#db/client.ts";
import { holdSeat } from "~/features/seminars/seats/holds.server.ts";
import { SeminarFullError } from "~/features/seminars/errors.ts";
import { insertRaceSeminar } from "./data.ts";
import { percentile, round, type Site } from "./support.ts";

// The race: 200 visitors book one seminar of 20 seats at the same moment. Over HTTP
// each try is the booking form as the page's script posts it (`.data`: the action's answer
// only) or as a browser without JavaScript does (the whole page comes back); the site answers
// 200 with the held seat, 409 when full. Tries are split in turn across the instances given.
// Each visitor comes from an address of their own, as a load balancer reports it
// (X-Forwarded-For; the sites run with TRUST_PROXY=1): 200 people book from 200 places, and
// the per-address limit counts each on a row of its own.

export const RACE_TRIES = 200;
export const RACE_SEATS = 20;

export type RaceFigures = { p50Ms: number; p95Ms: number; held: number; full: number; other: Record<string, number> };

function figures(latencies: number[], held: number, full: number, other: Record<string, number>): RaceFigures {
  return { p50Ms: round(percentile(latencies, 50)), p95Ms: round(percentile(latencies, 95)), held, full, other };
}

function bookingForm(n: number): string {
  return new URLSearchParams({
    intent: "book",
    firstName: "Racer",
    lastName: `Number ${n}`,
    email: `racer.${n}@example.com`,
    phone: "+27 82 555 0100",
    preferredContact: "email",
    notes: "",
  }).toString();
}

/** Visitor n's own address, from the documentation range 198.18.0.0/15 (RFC 2544). */
function visitorAddress(n: number): string {
  return `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

export type PostedBy = "script" | "form";

type RaceOptions = { postedBy: PostedBy; tries?: number; seats?: number };

/** `tries` bookings at once over HTTP (RACE_TRIES), for a new seminar of `seats` seats (RACE_SEATS) in the database at `databaseUrl`. */
export async function raceOverHttp(sites: Site[], databaseUrl: string, { postedBy, tries = RACE_TRIES, seats = RACE_SEATS }: RaceOptions): Promise<RaceFigures> {
  const database = await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 1 });
  let seminarId: string;
  try {
    seminarId = await insertRaceSeminar(database, seats);
  } finally {
    await database.close();
  }
  const { latencies, answers } = await allAtOnce(sites, tries, (site, n, dispatcher) =>
    request(`${site.url}/events/book/${seminarId}${postedBy === "script" ? ".data" : ""}`, {
      dispatcher,
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: site.url,
        accept: postedBy === "script" ? "*/*" : "text/html",
        "x-forwarded-for": visitorAddress(n),
      },
      body: bookingForm(n),
    }),
  );
  const { 200: held = 0, 409: full = 0, ...other } = answers;
  return figures(latencies, held, full, other);
}

/**
 * The yardstick for the races: `tries` GETs at once of /robots.txt, a route that reads
 * nothing, split across the instances like the bookings. No booking can answer sooner than
 * the server answers these (HTTP, the router, the client sharing the machine's cores).
 */
export async function floorOverHttp(sites: Site[], tries = RACE_TRIES): Promise<RaceFigures> {
  const { latencies, answers } = await allAtOnce(sites, tries, (site, n, dispatcher) =>
    request(`${site.url}/robots.txt`, { dispatcher, headers: { "x-forwarded-for": visitorAddress(n) } }),
  );
  const { 200: _ok, ...other } = answers;
  return figures(latencies, 0, 0, other);
}

/** `tries` requests sent at once, split in turn across the instances: each one's time to its whole answer, and how many got each status. */
async function allAtOnce(
  sites: Site[],
  tries: number,
  send: (site: Site, n: number, dispatcher: Agent) => Promise<Dispatcher.ResponseData>,
): Promise<{ latencies: number[]; answers: Record<string, number> }> {
  const dispatcher = new Agent({ headersTimeout: 30_000, bodyTimeout: 30_000 });
  const latencies: number[] = [];
  const answers: Record<string, number> = {};
  try {
    await Promise.all(
      Array.from({ length: tries }, async (_, n) => {
        const started = performance.now();
        let outcome: string;
        try {
          const response = await send(sites[n % sites.length]!, n, dispatcher);
          await response.body.arrayBuffer();
          outcome = String(response.statusCode);
        } catch {
          outcome = "no answer";
        }
        latencies.push(performance.now() - started);
        answers[outcome] = (answers[outcome] ?? 0) + 1;
      }),
    );
  } finally {
    await dispatcher.close();
  }
  return { latencies, answers };
}

/** A small race first, so the booking code is compiled and the pool opened before one is measured. */
export async function warmUpBookings(sites: Site[], databaseUrl: string): Promise<void> {
  for (const postedBy of ["script", "form"] as const) await raceOverHttp(sites, databaseUrl, { postedBy, tries: 20, seats: 5 });
}

/** The same race without HTTP: holdSeat called RACE_TRIES times at once in this process, on a pool of 20. */
export async function raceInProcess(databaseUrl: string): Promise<RaceFigures> {
  const database = await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 20 });
  try {
    const seminarId = await insertRaceSeminar(database, RACE_SEATS);
    const latencies: number[] = [];
    let held = 0;
    let full = 0;
    const other: Record<string, number> = {};
    await Promise.all(
      Array.from({ length: RACE_TRIES }, async (_, n) => {
        const started = performance.now();
        try {
          await holdSeat(
            database.db,
            { seminarId, contact: { firstName: "Racer", lastName: String(n), email: `racer${n}@example.com`, phone: "+27 82 555 0100", preferredContact: "email" } },
            { siteUrl: "http://127.0.0.1" },
          );
          held++;
        } catch (error) {
          const kind = error instanceof SeminarFullError ? "full" : error instanceof Error ? error.name : "error";
          if (kind === "full") full++;
          else other[kind] = (other[kind] ?? 0) + 1;
        }
        latencies.push(performance.now() - started);
      }),
    );
    return figures(latencies, held, full, other);
  } finally {
    await database.close();
  }
}
