/**
 * Bench data generated inside the database in a handful of set-based statements (generate_series), never row by
 * row: applications of the two local organisations spread over fifty countersignatories, with realistic names,
 * statuses and dates, and a result (with its release and view facts) for every application at RESULT_ISSUED.
 * Used by the throughput bench (a few hundred rows) and the million-row scale bench.
 */
import { sql, type Kysely } from 'kysely';

const FORENAMES = [
  'Aileen',
  'Alasdair',
  'Amelia',
  'Angus',
  'Ava',
  'Callum',
  'Catriona',
  'Craig',
  'Eilidh',
  'Ewan',
  'Fiona',
  'Fraser',
  'Grace',
  'Hamish',
  'Isla',
  'Iain',
  'Jack',
  'Jessica',
  'Kirsty',
  'Lachlan',
  'Leah',
  'Lewis',
  'Mairi',
  'Morag',
  'Murdo',
  'Niamh',
  'Olivia',
  'Oscar',
  'Rhona',
  'Ruaridh',
  'Shona',
  'Sophie',
  'Struan',
  'Zara',
];
const SURNAMES = [
  'Anderson',
  'Bell',
  'Brown',
  'Cameron',
  'Campbell',
  'Clark',
  'Docherty',
  'Duncan',
  'Ferguson',
  'Fraser',
  'Gibson',
  'Graham',
  'Grant',
  'Hamilton',
  'Henderson',
  'Hughes',
  'Johnston',
  'Kerr',
  'MacDonald',
  'MacKenzie',
  'MacLeod',
  'Martin',
  'McGregor',
  'Miller',
  'Mitchell',
  'Morrison',
  'Murray',
  'Paterson',
  'Reid',
  'Ritchie',
  'Robertson',
  'Ross',
  'Scott',
  'Smith',
  'Stewart',
  'Taylor',
  'Thomson',
  'Walker',
  'Watson',
  'Wilson',
  'Young',
];

/** The countersignatories the local register seeds (eight), plus enough bench ones to make fifty. */
export const BENCH_COUNTERSIGNATORIES = 50;
const LOCAL_COUNTERSIGNATORIES = {
  RB1001: ['csg-a-casey', 'csg-a-lee', 'csg-a-morgan', 'csg-a-level1-spare', 'csg-a-spare'],
  RB2002: ['csg-b-jamie', 'csg-b-level1-spare', 'csg-b-spare'],
};

const textArray = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);

/**
 * Adds `count` applications (ids `bench-<n>`) after any the database already has from this function; the
 * organisation A share is about 68%. `applicantUsers` bench applicants own the submitted ones.
 */
export async function seedApplications(
  db: Kysely<unknown>,
  { count, applicantUsers = Math.max(10, Math.floor(count / 5)) }: { count: number; applicantUsers?: number },
): Promise<void> {
  const extraCsgs = BENCH_COUNTERSIGNATORIES - 8;
  await sql`
    insert into countersignatories
      (id, registered_body_code, countersignatory_code, role, is_lead, title, forename, surname, email)
    select 'bench-csg-' || g, case when g % 3 = 0 then 'RB2002' else 'RB1001' end,
      'CSX' || lpad(g::text, 6, '0'), case when g % 5 = 0 then 'LEVEL1_CSG' else 'CSG' end, false, 'Mx',
      (${textArray(FORENAMES)})[1 + g % ${FORENAMES.length}], (${textArray(SURNAMES)})[1 + g % ${SURNAMES.length}],
      'bench-csg-' || g || '@example.org'
    from generate_series(1, ${extraCsgs}) g
    on conflict (id) do nothing`.execute(db);

  await sql`
    insert into users (id, subject, roles, assurance_level, forename, surname, last_signed_in_at)
    select 'bench-user-' || g, 'bench-subject-' || g, array['APPLICANT'], 'GPG45_MEDIUM',
      (${textArray(FORENAMES)})[1 + g % ${FORENAMES.length}], (${textArray(SURNAMES)})[1 + (g / 7) % ${SURNAMES.length}],
      now()
    from generate_series(1, ${applicantUsers}) g
    on conflict (id) do nothing`.execute(db);

  const csgA = [...LOCAL_COUNTERSIGNATORIES.RB1001];
  const csgB = [...LOCAL_COUNTERSIGNATORIES.RB2002];
  for (let g = 1; g <= extraCsgs; g++) (g % 3 === 0 ? csgB : csgA).push(`bench-csg-${g}`);

  const start = await sql<{ n: number }>`
    select coalesce(max(substr(id, 7)::int), 0) as n from applications where id like 'bench-%'`.execute(db);
  const from = Number(start.rows[0]!.n) + 1;
  const to = from + count - 1;

  // One statement for the applications: status by a hash bucket, dates spread over three years.
  await sql`
    insert into applications
      (id, reference, type_code, status, channel, organisation_code, countersignatory_id, applicant_user_id,
       applicant_name, created_at, status_last_changed, expired_duration_days, data)
    select 'bench-' || g, 'B' || lpad(g::text, 9, '0'),
      (array['LB','LA','LC','PA','PC'])[1 + (h % 5)],
      s.status, 'O', o.org,
      case when o.org = 'RB1001' then (${textArray(csgA)})[1 + (h / 7) % ${csgA.length}]
           else (${textArray(csgB)})[1 + (h / 7) % ${csgB.length}] end,
      case when s.status in ('SUBMITTED','B2B_SUBMITTED','RESULT_ISSUED') then 'bench-user-' || (1 + h % ${applicantUsers}) end,
      (${textArray(FORENAMES)})[1 + (h / 11) % ${FORENAMES.length}] || ' ' || (${textArray(SURNAMES)})[1 + (h / 13) % ${SURNAMES.length}],
      t.changed - interval '3 days', t.changed,
      case when s.status in ('WITH_APPLICANT','EXPIRED','TERMINATED') then 14 end,
      '{}'::jsonb
    from generate_series(${from}::int, ${to}::int) g
    cross join lateral (select (hashtext(g::text) & 2147483647) as h) hh
    cross join lateral (select case when h % 100 < 68 then 'RB1001' else 'RB2002' end as org) o
    cross join lateral (select case
        when h % 97 < 4 then 'DRAFT'
        when h % 97 < 24 then 'WITH_APPLICANT'
        when h % 97 < 42 then 'SUBMITTED'
        when h % 97 < 47 then 'B2B_SUBMITTED'
        when h % 97 < 50 then 'PAYMENT_FAILED'
        when h % 97 < 84 then 'RESULT_ISSUED'
        when h % 97 < 93 then 'EXPIRED'
        else 'TERMINATED' end as status) s
    cross join lateral (select now() - ((h % 1095) * interval '1 day') - ((h % 86400) * interval '1 second') as changed) t`.execute(
    db,
  );

  // Results of the RESULT_ISSUED ones: most released to the organisation, half of those viewed by it.
  await sql`
    insert into results
      (id, application_id, organisation_code, countersignatory_id, applicant_user_id, preset,
       disclosure_type_code, disclosure_number, channel, date_of_issue, share_expiry_date, shareable,
       is_countersigned, is_review_eligible, under_consideration, has_appealable_convictions,
       released_to_organisation_at, released_by, first_viewed_at, organisation_viewed_at, created_at)
    select gen_random_uuid(), a.id, a.organisation_code, a.countersignatory_id, a.applicant_user_id, 'clear',
      a.type_code, 'D' || substr(a.id, 7), 'O', (a.status_last_changed at time zone 'Europe/London')::date,
      (a.status_last_changed at time zone 'Europe/London')::date + 365, true, true, false, false, false,
      case when x.h % 10 < 8 then a.status_last_changed + interval '1 day' end,
      case when x.h % 10 < 8 then 'issue' end,
      case when x.h % 3 = 0 then a.status_last_changed + interval '2 days' end,
      case when x.h % 10 < 4 then a.status_last_changed + interval '2 days' end,
      a.status_last_changed
    from applications a
    cross join lateral (select (hashtext(a.id || 'r') & 2147483647) as h) x
    where a.status = 'RESULT_ISSUED' and a.id like 'bench-%' and substr(a.id, 7)::int between ${from} and ${to}`.execute(
    db,
  );
  await sql`
    update applications a set result_id = r.id::text from results r
    where r.application_id = a.id and a.result_id is null and a.id like 'bench-%'
      and substr(a.id, 7)::int between ${from} and ${to}`.execute(db);
  await sql`analyze`.execute(db);
}
