import { sql } from "drizzle-orm";
import { migrateDatabase, rowsOf, type Database } from "#db/client.ts";

// Several busy years of data for `npm run bench -- scale` (issue 20), written through the
// project's own schema (its migrations) by set-based SQL: INSERT … SELECT FROM generate_series,
// each value varied by the row's number. Names, e-mail addresses, cities and phones come from
// short lists combined by the row number; instants spread over five years; bookings are mostly
// paid and confirmed, some unpaid, cancelled, refunded or owed a refund, with the ledger rows,
// tickets and check-ins that go with them. Nothing is random: two runs of one size load the same
// shapes. The secondary indexes of the big tables are dropped while they fill and built again
// from their own definitions afterwards (one bulk build is much faster than a million inserts
// each updating a trigram index); the tables end as the migrations made them.

export type ScaleSize = { seminars: number; contacts: number; bookings: number; consultations: number; emails: number; activity: number; posts: number };

/** The issue's large load, its medium one (a tenth of the contacts, bookings and e-mails), and a small one for the embedded database. */
export const SCALE_SIZES = {
  small: { seminars: 500, contacts: 5_000, bookings: 12_500, consultations: 1_000, emails: 12_500, activity: 12_500, posts: 186 },
  medium: { seminars: 2_000, contacts: 20_000, bookings: 50_000, consultations: 10_000, emails: 50_000, activity: 50_000, posts: 186 },
  large: { seminars: 2_000, contacts: 200_000, bookings: 500_000, consultations: 10_000, emails: 500_000, activity: 500_000, posts: 186 },
} as const satisfies Record<string, ScaleSize>;

export type ScaleSizeName = keyof typeof SCALE_SIZES;

const FIRST_NAMES = [
  "Thandi", "Sipho", "Lerato", "Bongani", "Nomvula", "Themba", "Zanele", "Kagiso", "Ayanda", "Lindiwe",
  "Pieter", "Annelie", "Johan", "Mariska", "Riaan", "Charlene", "David", "Sarah", "Michael", "Emma",
  "Priya", "Rajesh", "Ayesha", "Yusuf", "Fatima", "Naledi", "Tshepo", "Karabo", "Refilwe", "Mpho",
  "Grace", "James", "Olivia", "Daniel", "Chloe", "Liam", "Jessica", "Ethan", "Megan", "Nicole",
];
const LAST_NAMES = [
  "Nkosi", "Dlamini", "Mokoena", "Ndlovu", "Khumalo", "Mthembu", "Naidoo", "Pillay", "Botha", "van der Merwe",
  "Smith", "Jacobs", "Williams", "Molefe", "Sithole", "Zulu", "Mahlangu", "Venter", "Pretorius", "Coetzee",
  "Govender", "Moodley", "Patel", "Adams", "Petersen", "Hendricks", "Mabaso", "Radebe", "Tshabalala", "Cele",
  "Fourie", "du Plessis", "Joubert", "Kruger", "Steyn", "Brown", "Taylor", "Wilson", "O'Neill", "Mensah",
];
const CITIES = ["Johannesburg", "Cape Town", "Durban", "Pretoria", "Gqeberha", "Bloemfontein", "East London", "Polokwane", "Nelspruit", "Kimberley"];
const DOMAINS = ["gmail.com", "outlook.com", "yahoo.co.za", "mweb.co.za", "icloud.com", "webmail.co.za", "telkomsa.net", "vodamail.co.za"];
const TOPICS = ["Moving to the UK", "Skilled Worker Visa Evening", "Family Relocation", "Schools and Housing in England", "Healthcare Careers in the UK", "Teaching in Britain"];
const EMAIL_KINDS = [
  ["seminar-booking-confirmed", "Your seat is booked"],
  ["seminar-reminder", "Your seminar is coming up"],
  ["consultation-request-received", "We have your consultation request"],
  ["seminar-booking-cancelled", "Your booking is cancelled"],
  ["payment-received", "Payment received, thank you"],
  ["admin-new-booking", "New seminar booking"],
] as const;
const STAFF = ["Zanele Dube", "Pieter Botha", "Ayesha Patel", "Johan Venter"];
const ACTIVITY_KINDS = [
  ["seminar_booking.status", "seminar_booking", "Changed the status of the booking of "],
  ["contact.update", "contact", "Edited "],
  ["consultation.note", "consultation", "Added a note to the consultation of "],
  ["seminar_booking.refund", "seminar_booking", "Refunded the booking of "],
  ["email.resend", "email", "Sent the e-mail again to "],
] as const;
const TAGS = ["Visas", "Housing", "Schools", "Work", "Money", "Healthcare"];

/** A text[] literal of `values`, for picking with `(array)[1 + n % length]`. */
function textArray(values: readonly string[]): string {
  return `array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ")}]::text[]`;
}

/** The `(list)[…]` choice for row number expression `n` (a multiplier spreads neighbours apart). */
function pick(values: readonly string[], n: string, multiplier = 1): string {
  return `(${textArray(values)})[1 + ((${n}) * ${multiplier}) % ${values.length}]`;
}

/** The triggers that keep the dashboard's summaries (migration 0009): off during the load. */
const SUMMARY_TRIGGERS = [
  { table: "ledger_entries", name: "ledger_entries_add_to_months" },
  { table: "seminar_bookings", name: "seminar_bookings_move_sales" },
];

/** Tables the load fills, whose secondary indexes are built again after it. */
const FILLED_TABLES = ["users", "seminars", "seminar_bookings", "seminar_tickets", "consultation_bookings", "email_outbox", "ledger_entries", "blog_posts", "activity_log"];

async function run(database: Database, statement: string): Promise<void> {
  await database.db.execute(sql.raw(statement));
}

/** Drops the filled tables' indexes that no constraint owns; returns their definitions, to build again. */
async function dropSecondaryIndexes(database: Database): Promise<string[]> {
  const rows = rowsOf<{ name: string; definition: string }>(
    await database.db.execute(
      sql.raw(`select i.indexname as name, i.indexdef as definition from pg_indexes i
                where i.schemaname = 'public' and i.tablename in (${FILLED_TABLES.map((table) => `'${table}'`).join(", ")})
                  and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`),
    ),
  );
  for (const row of rows) await run(database, `drop index "${row.name}"`);
  return rows.map((row) => row.definition);
}

/** Fills a freshly migrated database with `size`; `report` hears each step with its duration. */
export async function fillScaleData(database: Database, size: ScaleSize, report: (step: string, ms: number) => void): Promise<void> {
  const timed = async (step: string, work: () => Promise<void>) => {
    const started = performance.now();
    await work();
    report(step, performance.now() - started);
  };
  await timed("schema (migrations)", () => migrateDatabase(database));
  if (database.kind === "postgres") await run(database, "set maintenance_work_mem = '256MB'");
  const indexes = await dropSecondaryIndexes(database);
  // The dashboard's summaries (docs/decisions/034) are rebuilt once at the end: kept row by row
  // inside one huge insert, a month's summary row gets a new version per row, each found by
  // walking the versions before it.
  for (const trigger of SUMMARY_TRIGGERS) await run(database, `alter table ${trigger.table} disable trigger ${trigger.name}`);
  const { seminars, contacts, bookings, consultations, emails, activity, posts } = size;

  await timed(`${seminars.toLocaleString("en-GB")} seminars`, () =>
    run(
      database,
      `insert into seminars (title, organizer_name, description, city, venue_name, address, location, seminar_date, seminar_time, price_cents, max_attendees, is_active, cancelled_at, cancelled_by, cancel_reason, created_at)
       select ${pick(TOPICS, "n", 7)} || ': ' || c.city || ' ' || (array['Evening', 'Morning', 'Workshop', 'Open Day'])[1 + n % 4],
              'Thula Relocations',
              'Funding, work, housing and schools: a practical session for families planning the move to the UK.',
              c.city, 'Conference Centre ' || (n % 40), (1 + n % 300) || ' Main Road', 'Conference Centre ' || (n % 40) || ', ' || c.city,
              d.day, case when n % 2 = 0 then time '18:00' else time '10:00' end,
              (array[95000, 120000, 150000, 120000])[1 + n % 4], 30, n % 97 <> 0,
              case when n % 50 = 0 then d.day - 20 + time '09:00' end, case when n % 50 = 0 then 'Zanele Dube' end, case when n % 50 = 0 then 'Venue unavailable' end,
              d.day - 90 + time '08:00' + (n % 600) * interval '1 minute'
         from generate_series(1, ${seminars}) as n
        cross join lateral (select ${pick(CITIES, "n", 3)} as city) as c
        cross join lateral (select (current_date - 1460 + (n::bigint * 1825 / ${seminars})::int) as day) as d`,
    ),
  );

  await timed(`${contacts.toLocaleString("en-GB")} contacts`, () =>
    run(
      database,
      `insert into users (first_name, last_name, email, phone, preferred_contact, created_at, updated_at)
       select f.name, l.name,
              lower(replace(replace(f.name || '.' || l.name, ' ', ''), '''', '')) || '.' || n || '@' || ${pick(DOMAINS, "n", 5)},
              case when n % 9 = 0 then null else '+27 8' || (2 + n % 3) || ' ' || lpad(((n::bigint * 7919) % 1000)::text, 3, '0') || ' ' || lpad(((n::bigint * 104729) % 10000)::text, 4, '0') end,
              (array['email', 'phone', 'whatsapp'])[1 + (n * 13) % 3],
              t.at, t.at
         from generate_series(1, ${contacts}) as n
        cross join lateral (select ${pick(FIRST_NAMES, "n", 31)} as name) as f
        cross join lateral (select ${pick(LAST_NAMES, "n / 7", 17)} as name) as l
        cross join lateral (select now() - interval '1826 days' + (n::float8 / ${contacts}) * interval '1825 days' + ((n::bigint * 7919) % 86400) * interval '1 second' as at) as t`,
    ),
  );

  // Numbered copies, so each booking can pick its contact and seminar by its row number.
  await run(database, `create temp table bench_contacts as select row_number() over (order by created_at, id) as k, id, first_name, last_name, email, phone, preferred_contact from users`);
  await run(database, `create unique index on bench_contacts (k)`);
  await run(database, `create temp table bench_seminars as select row_number() over (order by seminar_date, id) as k, id, seminar_date, seminar_time, price_cents from seminars`);
  await run(database, `create unique index on bench_seminars (k)`);

  // r = (n * 7) % 100 decides the booking's story: 72 % paid and confirmed, 10 % confirmed and
  // unpaid, 12 % lapsed holds, 3 % refunded, 2 % cancelled with the refund still owed, 1 % waived.
  await timed(`${bookings.toLocaleString("en-GB")} seminar bookings`, () =>
    run(
      database,
      `insert into seminar_bookings (user_id, seminar_id, first_name, last_name, email, phone, preferred_contact, notes, seats, status, is_paid, amount_cents, paid_at,
                                     cancelled_at, cancelled_by, cancel_reason, refunded_cents, refund_due, created_at, updated_at)
       select c.id, s.id, c.first_name, c.last_name, c.email, c.phone, c.preferred_contact,
              case when n % 23 = 0 then 'Travelling with our two children; need parking.' end,
              x.seats,
              case when x.r < 82 then 'confirmed' when x.r < 94 then 'cancelled' when x.r < 97 then 'refunded' else 'cancelled' end,
              x.r < 72 or x.r >= 94,
              s.price_cents * x.seats,
              case when x.r < 72 or x.r >= 94 then x.at + (n % 900) * interval '1 second' end,
              case when x.r >= 82 then x.at + interval '31 minutes' + (n % 1000) * interval '1 minute' end,
              case when x.r < 82 then null when x.r < 94 then 'System' when x.r < 97 then 'Customer' else 'Zanele Dube' end,
              case when x.r < 82 then null when x.r < 94 then 'The seat hold lapsed unpaid' when x.r < 97 then 'Plans changed' else 'Could not travel' end,
              case when x.r between 94 and 96 then s.price_cents * x.seats else 0 end,
              x.r between 97 and 98,
              x.at, x.at
         from generate_series(1, ${bookings}) as n
         join bench_contacts as c on c.k = 1 + (n::bigint * 7919) % ${contacts}
         join bench_seminars as s on s.k = 1 + (n::bigint * 104729) % ${seminars}
        cross join lateral (
          select (n * 7) % 100 as r,
                 case when n % 10 = 0 then 3 when n % 5 = 0 then 2 else 1 end as seats,
                 w.at
            from (select s.seminar_date - (1 + (n * 37) % 60) + time '07:00' + (n % 50000) * interval '1 second' as wanted) as v
           cross join lateral (
             -- Bookings for a seminar far ahead were made over the last three months, not all this hour.
             select case when v.wanted < now() - interval '1 day' then v.wanted
                         else now() - interval '1 day' - ((n * 37) % 90) * interval '1 day' - (n % 86400) * interval '1 second' end as at
           ) as w
        ) as x`,
    ),
  );

  await timed("tickets and check-ins of the confirmed bookings", () =>
    run(
      database,
      `insert into seminar_tickets (booking_id, seminar_id, seat_number, attendee_name, code, created_at, checked_in_at, checked_in_by)
       select b.id, b.seminar_id, seat, b.first_name || ' ' || b.last_name, replace(gen_random_uuid()::text, '-', ''), b.created_at,
              case when s.seminar_date < current_date and (seat + length(b.email)) % 5 <> 0 then s.seminar_date + s.seminar_time - interval '2 hours' + (length(b.email) % 40) * interval '1 minute' end,
              case when s.seminar_date < current_date and (seat + length(b.email)) % 5 <> 0 then 'Door staff' end
         from seminar_bookings as b
         join seminars as s on s.id = b.seminar_id
        cross join generate_series(1, b.seats) as seat
        where b.status = 'confirmed'`,
    ),
  );

  // Seats taken: confirmed seats; a seminar holds as many as were booked (the check keeps current ≤ max).
  await run(
    database,
    `update seminars set max_attendees = greatest(30, taken.seats + 10), current_attendees = taken.seats
       from (select seminar_id, sum(seats)::int as seats from seminar_bookings where status = 'confirmed' group by seminar_id) as taken
      where taken.seminar_id = seminars.id`,
  );

  await timed(`${consultations.toLocaleString("en-GB")} consultations`, () =>
    run(
      database,
      `insert into consultation_bookings (user_id, first_name, last_name, email, phone, preferred_contact, consultation_type, description, preferred_datetime, status, is_paid,
                                          amount_cents, paid_at, cancelled_at, cancelled_by, cancel_reason, refunded_cents, created_at, updated_at)
       select c.id, c.first_name, c.last_name, c.email, c.phone, c.preferred_contact, x.kind,
              'We are a family of ' || (2 + n % 4) || ' thinking of moving to ' || (array['Manchester', 'Leeds', 'Bristol', 'London', 'Edinburgh'])[1 + n % 5] || ' next year.',
              (array['morning', 'afternoon', 'evening'])[1 + n % 3],
              x.status, x.paid, case when x.kind = 'paid' then 349900 else 0 end,
              case when x.paid then x.at + interval '10 minutes' end,
              case when x.status in ('cancelled', 'refunded') then x.at + interval '2 days' end,
              case when x.status in ('cancelled', 'refunded') then 'Customer' end,
              case when x.status in ('cancelled', 'refunded') then 'No longer moving this year' end,
              case when x.status = 'refunded' then 349900 else 0 end,
              x.at, x.at
         from generate_series(1, ${consultations}) as n
         join bench_contacts as c on c.k = 1 + (n::bigint * 31) % ${contacts}
        cross join lateral (
          select case when n % 4 = 0 then 'free' else 'paid' end as kind,
                 case when n % 50 = 0 then 'pending' when n % 5 = 1 then 'confirmed' when n % 10 = 2 then 'closed' when n % 25 = 3 then 'cancelled' when n % 50 = 4 and n % 4 <> 0 then 'refunded' else 'completed' end as status,
                 now() - interval '1826 days' + (n::float8 / ${consultations}) * interval '1825 days' as at
        ) as y
        cross join lateral (select y.kind, y.status, y.at, y.kind = 'paid' and y.status not in ('pending', 'cancelled') as paid) as x`,
    ),
  );

  await timed("the ledger: a payment per paid booking, a refund per refunded one", async () => {
    await run(
      database,
      `insert into ledger_entries (entry_type, booking_kind, booking_id, amount_cents, provider, provider_reference, actor_name, occurred_at, created_at)
       select 'payment', 'seminar', id, amount_cents, (array['stripe', 'payfast', 'stripe', 'manual'])[1 + length(email) % 4], 'bench_pay_' || id,
              case when length(email) % 4 = 3 then 'Zanele Dube' else 'Visitor' end, paid_at, paid_at
         from seminar_bookings where is_paid and amount_cents > 0`,
    );
    await run(
      database,
      `insert into ledger_entries (entry_type, booking_kind, booking_id, amount_cents, provider, provider_reference, actor_name, reason, occurred_at, created_at)
       select 'refund', 'seminar', id, refunded_cents, 'stripe', 'bench_refund_' || id, 'Zanele Dube', cancel_reason, cancelled_at, cancelled_at
         from seminar_bookings where refunded_cents > 0`,
    );
    await run(
      database,
      `insert into ledger_entries (entry_type, booking_kind, booking_id, amount_cents, provider, provider_reference, actor_name, occurred_at, created_at)
       select 'payment', 'consultation', id, amount_cents, 'stripe', 'bench_pay_' || id, 'Visitor', paid_at, paid_at
         from consultation_bookings where is_paid and amount_cents > 0`,
    );
  });

  await timed(`${emails.toLocaleString("en-GB")} e-mails in the outbox`, () =>
    run(
      database,
      `insert into email_outbox (kind, to_address, subject, text_body, html_body, status, attempts, last_error, next_attempt_at, sent_at, created_at, updated_at)
       select k.kind, c.email, k.subject || ' (' || c.first_name || ')',
              'Dear ' || c.first_name || E',\\n\\n' || k.subject || E'.\\n\\nThank you for choosing Thula Relocations. Your reference is ' || upper(substr(md5(n::text), 1, 8))
                || E'.\\nIf anything changes, reply to this e-mail or call us on +27 31 555 0100.\\n\\nWarm regards,\\nThe Thula Relocations team',
              '<!doctype html><html><body style="font-family:sans-serif"><p>Dear ' || c.first_name || '</p><p>' || k.subject || '.</p><p>Thank you for choosing Thula Relocations. Your reference is <strong>'
                || upper(substr(md5(n::text), 1, 8)) || '</strong>.</p><p>If anything changes, reply to this e-mail or call us on +27 31 555 0100.</p><p>Warm regards,<br>The Thula Relocations team</p></body></html>',
              case when n % 40 = 0 then 'failed' else 'sent' end,
              case when n % 40 = 0 then 5 else 1 end,
              case when n % 40 = 0 then '550 5.1.1 Mailbox unavailable' end,
              x.at, case when n % 40 = 0 then null else x.at + (n % 120) * interval '1 second' end, x.at, x.at
         from generate_series(1, ${emails}) as n
         join bench_contacts as c on c.k = 1 + (n::bigint * 7919) % ${contacts}
        cross join lateral (select (array[${EMAIL_KINDS.map(([kind]) => `'${kind}'`).join(", ")}])[1 + n % ${EMAIL_KINDS.length}] as kind,
                                   (array[${EMAIL_KINDS.map(([, subject]) => `'${subject}'`).join(", ")}])[1 + n % ${EMAIL_KINDS.length}] as subject) as k
        cross join lateral (select now() - interval '1826 days' + (n::float8 / ${emails}) * interval '1825 days' + (n % 600) * interval '1 second' as at) as x`,
    ),
  );

  // Who did what: four admins (a fifth of the entries by the system or a visitor), about a contact each.
  await timed(`${activity.toLocaleString("en-GB")} activity entries`, () =>
    run(
      database,
      `insert into activity_log (at, actor_id, actor_name, actor_email, action, entity_type, entity_id, summary)
       select x.at,
              case when n % 5 = 0 then null else 'bench-admin-' || (n % ${STAFF.length}) end,
              case when n % 5 = 0 then (array['System', 'Visitor'])[1 + n % 2] else (${textArray(STAFF)})[1 + n % ${STAFF.length}] end,
              case when n % 5 = 0 then null else 'admin' || (n % ${STAFF.length}) || '@thula.example' end,
              k.action, k.entity, md5(n::text), k.summary || c.first_name || ' ' || c.last_name
         from generate_series(1, ${activity}) as n
         join bench_contacts as c on c.k = 1 + (n::bigint * 104729) % ${contacts}
        cross join lateral (select (${textArray(ACTIVITY_KINDS.map(([action]) => action))})[1 + n % ${ACTIVITY_KINDS.length}] as action,
                                   (${textArray(ACTIVITY_KINDS.map(([, entity]) => entity))})[1 + n % ${ACTIVITY_KINDS.length}] as entity,
                                   (${textArray(ACTIVITY_KINDS.map(([, , summary]) => summary))})[1 + n % ${ACTIVITY_KINDS.length}] as summary) as k
        cross join lateral (select now() - interval '1826 days' + (n::float8 / ${activity}) * interval '1825 days' as at) as x`,
    ),
  );

  await timed(`${posts} published blog posts`, () =>
    run(
      database,
      `insert into blog_posts (slug, title, intro, body, tag, status, published_at, created_at)
       select 'moving-guide-' || n, t.topic || ': part ' || n, 'What families asked us about ' || lower(t.topic) || ', answered in plain words.',
              repeat(E'## What to know\\n\\nMost families start a year ahead. Gather your documents, check the visa route that fits, and budget for the first three months.\\n\\n', 12),
              ${pick(TAGS, "n", 5)}, 'published', now() - (n * 7) * interval '1 day', now() - (n * 7) * interval '1 day'
         from generate_series(1, ${posts}) as n
        cross join lateral (select ${pick(TOPICS, "n", 5)} as topic) as t`,
    ),
  );

  await run(database, "drop table bench_contacts");
  await run(database, "drop table bench_seminars");
  await timed(`${indexes.length} indexes built again`, async () => {
    for (const definition of indexes) await run(database, definition);
  });
  await timed("dashboard summaries rebuilt", async () => {
    for (const trigger of SUMMARY_TRIGGERS) await run(database, `alter table ${trigger.table} enable trigger ${trigger.name}`);
    await run(database, "select dashboard_summaries_rebuild()");
  });
  await timed("vacuum analyze", () => run(database, "vacuum analyze"));
}
