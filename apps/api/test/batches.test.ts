import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BATCH_CSV_COLUMNS, BATCH_CSV_EXAMPLE_ROWS, CSV_MAX_BYTES, type BatchCsvColumn } from '@dis/domain';
import { BULK_APPLICATIONS_PATH } from '@dis/domain/contracts';
import { EICAR_TEST_STRING } from '../src/integrations/virus-scan/local';
import {
  applicantAnswers,
  caseworkCall,
  customApplicant,
  ENGINES,
  ORIGIN,
  signedInApplicant,
  signedInCsg,
  startTestApp,
  type Browser,
  type TestApp,
  outboxReferences,
  withPeople,
  rowCount,
  auditEntries,
  rowWhere,
  okBody,
} from './harness';

type Row = Partial<Record<BatchCsvColumn, string>>;

let nameCount = 0;
/** A surname of letters only (the name pattern has no digits). */
export function uniqueSurname(): string {
  nameCount += 1;
  return `Batch${nameCount.toString(26).replace(/./g, (c) => String.fromCharCode(97 + parseInt(c, 26)))}`;
}

function row(overrides: Row = {}): Row {
  return { ...BATCH_CSV_EXAMPLE_ROWS[0], lastName: uniqueSurname(), ...overrides };
}

function csv(rows: Row[], columns: readonly string[] = BATCH_CSV_COLUMNS): string {
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [
    columns.join(','),
    ...rows.map((r) => columns.map((c) => cell(r[c as BatchCsvColumn] ?? '')).join(',')),
  ].join('\n');
}

let fileCount = 0;
function filename(code = 'RB1001'): string {
  fileCount += 1;
  return `${code}_20261123_${String(100000 + fileCount).padStart(6, '0')}.csv`;
}

function upload(browser: Browser, name: string, content: string | Buffer, url = BULK_APPLICATIONS_PATH) {
  const boundary = `----batch${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return browser.request({
    method: 'POST',
    url,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      origin: ORIGIN,
      'x-requested-with': 'XMLHttpRequest',
    },
  });
}

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe.each(ENGINES)('CSV batches on $name', (engine) => {
  let t: TestApp, csg: Browser;
  withPeople(engine, {}, (s) => ({ t, csg } = s));

  const batchCount = () => rowCount(t, 'batches');

  async function expectRefused(name: string, content: string | Buffer, status: number, code: string) {
    const before = await batchCount();
    const res = await upload(csg, name, content);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().backendCode).toBe(code);
    expect(res.json().message).toMatch(/ /);
    expect(await batchCount()).toBe(before);
  }

  it('takes 100 rows, submitted by the upload itself (AWAITING), and refuses 101, storing nothing', async () => {
    const hundred = Array.from({ length: 100 }, () => row());
    const res = await upload(csg, filename(), csv(hundred));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.metadata).toMatchObject({ status: 'AWAITING', applications: 100, readyApplications: 100 });
    expect(body.id).toBe(body.metadata.id);
    await expectRefused(filename(), csv([...hundred, row()]), 400, 'CSV_EXCEEDS_ROW_LIMIT');
  });

  it('takes 500 KB and refuses one byte more while streaming', async () => {
    const base = `${csv([row()])}\n`;
    const exact = base + '\n'.repeat(CSV_MAX_BYTES - Buffer.byteLength(base));
    expect(Buffer.byteLength(exact)).toBe(CSV_MAX_BYTES);
    const ok = await upload(csg, filename(), exact);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().metadata.applications).toBe(1);
    await expectRefused(filename(), `${exact}\n`, 413, 'CSV_EXCEEDS_SIZE_LIMIT');
  });

  it('ignores blank lines and refuses a header only or an empty file', async () => {
    const res = await upload(csg, filename(), csv([row(), row()]).replace(/\n/g, '\n\n\r\n') + '\n\n');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().metadata.applications).toBe(2);
    await expectRefused(filename(), `${BATCH_CSV_COLUMNS.join(',')}\n\n`, 400, 'CSV_NO_CONTENT');
    await expectRefused(filename(), '', 400, 'CSV_NO_CONTENT');
  });

  it('refuses a wrong code, a bad name and a reused name', async () => {
    await expectRefused(filename('RB2002'), csv([row()]), 400, 'RB_CODE_DOES_NOT_MATCH_USER');
    await expectRefused('RB1001 applications.csv', csv([row()]), 400, 'INVALID_FILENAME_FORMAT');
    await expectRefused('RB1001_2026112_101500.csv', csv([row()]), 400, 'INVALID_FILENAME_FORMAT');
    const name = filename();
    expect((await upload(csg, name, csv([row()]))).statusCode).toBe(200);
    await expectRefused(name, csv([row()]), 409, 'FILENAME_ALREADY_IN_USE');
  });

  it('refuses text that is not UTF-8 and a binary file renamed .csv', async () => {
    const latin1 = Buffer.from(csv([row({ town: 'Montr\u00e9al' })]), 'latin1');
    await expectRefused(filename(), latin1, 400, 'CSV_INVALID_FORMAT');
    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]);
    await expectRefused(filename(), png, 400, 'CSV_INVALID_FORMAT');
    // A CSV file with another header: the missing columns named (issue 29, item 15).
    await expectRefused(filename(), 'name,town\nAlex,Leith\n', 400, 'CSV_MISSING_COLUMNS');
  });

  it('refuses an infected file before reading it, and audits it', async () => {
    await expectRefused(
      filename(),
      `${csv([row()])}\n${EICAR_TEST_STRING}\n`,
      400,
      'ATTEMPTED_TO_UPLOAD_INFECTED_FILE',
    );
    const audit = await auditEntries(t, 'batch.upload_infected');
    expect(audit.length).toBeGreaterThan(0);
    expect(audit[0]!.outcome).toBe('refused');
  });

  it('names the row, the column and what to change; the error report neutralises formulas', async () => {
    const res = await upload(
      csg,
      filename(),
      csv([
        row(),
        row({ lastName: '=HYPERLINK("http://evil.example")', email: 'not-an-email' }),
        row({ applicationType: 'PA', workforces: '', whoWillPay: 'Applicant', paymentMethod: '' }),
        row({ whoWillPay: 'Organisation', paymentMethod: '' }),
        row({ subAccountCode: 'ZZ999' }),
        row({ applicationType: 'XX', dateOfBirth: '1990-03-14' }),
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { metadata, applicationSummaries: rows } = res.json();
    expect(metadata).toMatchObject({ applications: 6, readyApplications: 1 });
    const errorsOf = (index: number) =>
      (
        rows.find((r: { index: number }) => r.index === index).errors as { field: string; reason: string }[]
      ).map((e) => `${e.field}: ${e.reason}`);
    expect(rows[0]).toMatchObject({ index: 1, applicationStatus: 'READY', errors: [] });
    expect(rows[1].applicationStatus).toBe('ERRORS');
    expect(errorsOf(2).join('\n')).toMatch(/^lastName: Last name must only include/m);
    expect(errorsOf(2).join('\n')).toMatch(/^email: Enter .*correct format/m);
    expect(errorsOf(3).join('\n')).toMatch(/^workforces: /m);
    expect(errorsOf(4).join('\n')).toMatch(/^paymentMethod: /m);
    expect(errorsOf(5).join('\n')).toMatch(
      /^subAccountCode: Enter one of your organisation's sub-account codes/m,
    );
    expect(errorsOf(6).join('\n')).toMatch(/^applicationType: /m);
    expect(errorsOf(6).join('\n')).toMatch(/^dateOfBirth: Enter the date of birth as DD\/MM\/YYYY/m);

    const report = await csg.get(`${BULK_APPLICATIONS_PATH}/${metadata.id}/error-report`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toMatch(/text\/csv/);
    expect(report.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(report.body).not.toMatch(/(^|,)"?[=+\-@]/m);
    // Each error's column in words, not its code.
    expect(report.body).toMatch(/^2,.*,Email address,/m);
    expect(report.body).not.toMatch(/,email,/);
  });

  it("checks a file before its upload (the page's preview): the upload's checks, row by row, storing nothing", async () => {
    const check = `${BULK_APPLICATIONS_PATH}/validate`;
    const name = filename();
    const before = await batchCount();
    const jobsBefore = (
      await t.database.db.selectFrom('jobs').select('id').where('kind', '=', 'batches.process').execute()
    ).length;
    const res = await upload(csg, name, csv([row(), row({ email: 'broken' })]), check);
    expect(okBody(res)).toMatchObject({
      metadata: { filename: name, applications: 2, readyApplications: 1 },
      applicationSummaries: [
        { index: 1, applicationStatus: 'READY', errors: [] },
        { index: 2, applicationStatus: 'ERRORS', errors: [expect.objectContaining({ field: 'email' })] },
      ],
    });
    expect(res.json()).not.toHaveProperty('id');
    expect(await batchCount()).toBe(before);
    expect(
      (await t.database.db.selectFrom('jobs').select('id').where('kind', '=', 'batches.process').execute())
        .length,
    ).toBe(jobsBefore);
    // Refused as the upload refuses, and the name stays free for the upload.
    const refused = await upload(csg, filename('RB2002'), csv([row()]), check);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().backendCode).toBe('RB_CODE_DOES_NOT_MATCH_USER');
    const uploaded = await upload(csg, name, csv([row(), row({ email: 'broken' })]));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().metadata.status).toBe('AWAITING');
    // Once uploaded, the check says the name is taken.
    const again = await upload(csg, name, csv([row()]), check);
    expect(again.statusCode).toBe(409);
    expect(again.json().backendCode).toBe('FILENAME_ALREADY_IN_USE');
  });

  it('names the missing columns of a wrong header, in words, storing nothing', async () => {
    const columns = BATCH_CSV_COLUMNS.filter((c) => c !== 'lastName' && c !== 'dateOfBirth');
    const before = await batchCount();
    const res = await upload(csg, filename(), csv([row()], columns));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().backendCode).toBe('CSV_MISSING_COLUMNS');
    expect(res.json().message).toContain('Last name (lastName)');
    expect(res.json().message).toContain('Date of birth (dateOfBirth)');
    expect(await batchCount()).toBe(before);
  });

  it('processes the ready rows in the background, hands each over by email, and never makes a row twice', async () => {
    const rows = [
      row(),
      row(),
      row({ email: 'broken' }),
      row({
        applicationType: 'PA',
        workforces: 'CHILD',
        volunteer: 'yes',
        whoWillPay: '',
        paymentMethod: '',
      }),
    ];
    // Spec 01 sections 3 and 4: the upload submits the file; nothing else is called before it is processed.
    const uploaded = (await upload(csg, filename(), csv(rows))).json();
    const id = uploaded.metadata.id as string;
    expect(uploaded.metadata).toMatchObject({ status: 'AWAITING', readyApplications: 3 });
    expect(
      uploaded.applicationSummaries.map((s: { applicationStatus: string }) => s.applicationStatus),
    ).toEqual(['READY', 'READY', 'ERRORS', 'READY']);

    await t.jobs.runDue();
    const done = (await csg.get(`${BULK_APPLICATIONS_PATH}/${id}`)).json();
    expect(done.metadata).toMatchObject({ status: 'PROCESSED', applications: 4, submittedApplications: 3 });
    const summaries = done.applicationSummaries as Array<Record<string, unknown>>;
    expect(summaries.map((s) => s.applicationStatus)).toEqual([
      'WITH_APPLICANT',
      'WITH_APPLICANT',
      'ERRORS',
      'WITH_APPLICANT',
    ]);
    expect(summaries[0]!.applicationReference).toMatch(/^DS-/);
    expect(summaries[0]!.applicantSurname).toBe(rows[0]!.lastName);

    const apps = () =>
      t.database.db
        .selectFrom('applications')
        .selectAll()
        .where(
          'reference',
          'in',
          summaries.filter((s) => s.applicationReference).map((s) => s.applicationReference as string),
        )
        .execute();
    const made = await apps();
    expect(made).toHaveLength(3);
    for (const a of made) {
      expect(a.channel).toBe('B');
      expect(a.link_id).not.toBeNull();
    }
    const pvg = made.find((a) => a.type_code === 'PA')!;
    expect((pvg.data as { payment?: { type?: string } }).payment?.type).toBe('FREE');
    const emails = async () =>
      t.database.db
        .selectFrom('notify_outbox')
        .selectAll()
        .where(
          'reference',
          'in',
          await outboxReferences(
            t,
            made.map((a) => a.reference),
          ),
        )
        .execute();
    expect(await emails()).toHaveLength(3);
    const email = (await emails()).find((e) => e.body.includes(made[0]!.reference))!;
    expect(email.body).toContain(`/oauth2/authorization/dis?uuid=${made[0]!.link_id}`);

    // A retried job (as after a crash before the batch was marked) makes nothing twice and sends nothing twice.
    await t.database.db.updateTable('batches').set({ status: 'AWAITING' }).where('id', '=', id).execute();
    await t.database.db
      .updateTable('batch_rows')
      .set({ status: 'READY' })
      .where('batch_id', '=', id)
      .where('status', '=', 'DONE')
      .execute();
    await t.jobs.enqueue('batches.process', { batchId: id });
    await t.jobs.runDue();
    expect(await apps()).toHaveLength(3);
    expect(await emails()).toHaveLength(3);
    expect((await csg.get(`${BULK_APPLICATIONS_PATH}/${id}`)).json().metadata.status).toBe('PROCESSED');

    // The organisation's list shows them; the details page opens a batch application.
    const details = await csg.get(`/api/application/${made[0]!.id}`);
    expect(details.statusCode, details.body).toBe(200);
  });

  it('an application from a batch is B2B_SUBMITTED once its applicant submits it, and casework issues its result (channel B)', async () => {
    const persona = customApplicant({ familyName: uniqueSurname(), birthdate: '1990-04-12' });
    const uploaded = (
      await upload(
        csg,
        filename(),
        csv([row({ firstName: persona.givenName, lastName: persona.familyName, dateOfBirth: '12/04/1990' })]),
      )
    ).json();
    await t.jobs.runDue();
    const done = (await csg.get(`${BULK_APPLICATIONS_PATH}/${uploaded.metadata.id as string}`)).json();
    expect(done.metadata.status).toBe('PROCESSED');
    const made = await t.database.db
      .selectFrom('applications')
      .selectAll()
      .where('reference', '=', done.applicationSummaries[0].applicationReference as string)
      .executeTakeFirstOrThrow();
    expect(made.channel).toBe('B');
    const applicant = await signedInApplicant(t, persona);
    const linked = await applicant.send('POST', '/api/draftApplications/link/applicant', {
      uuid: made.link_id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const base = `/api/draftApplications/${made.id}`;
    const saved = await applicant.send(
      'PUT',
      `${base}/applicant`,
      applicantAnswers(t.clock.now(), {
        currentName: { title: 'Mr', forename: persona.givenName, surname: persona.familyName },
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const submitted = await applicant.send('POST', `${base}/submitted`, { agreed: true });
    expect(submitted.statusCode, submitted.body).toBe(200);
    // Spec 01 section 3 lists B2B_SUBMITTED: an application of the B2B channel, submitted (decision 0053).
    expect(submitted.json().status).toBe('B2B_SUBMITTED');
    const stored = await t.database.db
      .selectFrom('applications')
      .select(['status', 'channel'])
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'B2B_SUBMITTED', channel: 'B' });
    // The organisation's batch shows it so; casework takes it as any submitted application.
    const again = (await csg.get(`${BULK_APPLICATIONS_PATH}/${uploaded.metadata.id as string}`)).json();
    expect(again.applicationSummaries[0].applicationStatus).toBe('B2B_SUBMITTED');
    const issued = await caseworkCall(t, 'POST', `/internal/casework/applications/${made.reference}/result`, {
      preset: 'level-2-cautions',
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const result = await applicant.get(`/api/results/${issued.json().resultId as string}`);
    expect(result.json().channel).toBe('B');
  });

  it('shows a batch only to countersignatories of its organisation', async () => {
    const id = (await upload(csg, filename(), csv([row()]))).json().metadata.id as string;
    const same = await signedInCsg(t, 'lead-csg');
    expect((await same.get(`${BULK_APPLICATIONS_PATH}/${id}`)).statusCode).toBe(200);
    const other = await signedInCsg(t, 'csg-other-org');
    for (const url of [`${BULK_APPLICATIONS_PATH}/${id}`, `${BULK_APPLICATIONS_PATH}/${id}/error-report`])
      expect((await other.get(url)).statusCode).toBe(404);
    const applicant = await signedInApplicant(t);
    expect((await applicant.get(`${BULK_APPLICATIONS_PATH}/${id}`)).statusCode).toBe(404);
    expect((await upload(applicant, filename(), csv([row()]))).statusCode).toBe(404);
    expect(
      (await upload(applicant, filename(), csv([row()]), `${BULK_APPLICATIONS_PATH}/validate`)).statusCode,
    ).toBe(404);
    expect(
      (await new (csg.constructor as typeof Browser)(t).get(`${BULK_APPLICATIONS_PATH}/${id}`)).statusCode,
    ).toBe(401);
  });

  it('refuses a malformed multipart upload as no file, storing nothing (issue 30, finding 3)', async () => {
    const name = filename();
    const part = (boundary: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`;
    const whole = (boundary: string) => `${part(boundary)}${csv([row()])}\r\n--${boundary}--\r\n`;
    const cases: Array<[string, string, string]> = [
      ['no boundary', 'multipart/form-data', whole('abc')],
      ['a boundary the body does not hold', 'multipart/form-data; boundary=zzz', whole('abc')],
      [
        'cut off inside the file',
        'multipart/form-data; boundary=abc',
        `${part('abc')}${csv([row()]).slice(0, 40)}`,
      ],
      [
        'cut off before the closing boundary',
        'multipart/form-data; boundary=abc',
        `${part('abc')}${csv([row()])}\r\n--abc`,
      ],
      ['cut off inside the part headers', 'multipart/form-data; boundary=abc', part('abc').slice(0, 30)],
      [
        'a field beside the file',
        'multipart/form-data; boundary=abc',
        `--abc\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n${whole('abc').slice(0)}`,
      ],
    ];
    for (const [label, type, payload] of cases) {
      const before = await batchCount();
      const res = await csg.request({
        method: 'POST',
        url: BULK_APPLICATIONS_PATH,
        payload,
        headers: { 'content-type': type, origin: ORIGIN, 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect(res.json(), label).toMatchObject({ status: 400, backendCode: 'CSV_FILE_REQUIRED' });
      expect(await batchCount(), label).toBe(before);
    }
    // The same file, whole, is taken.
    const ok = await csg.request({
      method: 'POST',
      url: BULK_APPLICATIONS_PATH,
      payload: whole('abc'),
      headers: {
        'content-type': 'multipart/form-data; boundary=abc',
        origin: ORIGIN,
        'x-requested-with': 'XMLHttpRequest',
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  describe('who sees a batch (issue 30, finding 1; decision 0042)', () => {
    const refusals = async (reason: string) =>
      (
        await t.database.db
          .selectFrom('audit_events')
          .select('detail')
          .where('event', '=', 'access.refused')
          .execute()
      ).filter((e) => (e.detail as { reason?: string }).reason === reason).length;
    const statusOf = async (id: string) => (await rowWhere(t, 'batches', { id })).status;

    it('a Level 1 countersignatory cannot read or download the errors of a Level 2 batch of its organisation', async () => {
      const uploaded = (await upload(csg, filename(), csv([row(), row({ email: 'broken' })]))).json();
      const id = uploaded.metadata.id as string;
      expect(uploaded.metadata.readyApplications).toBe(1);
      const level1 = await signedInCsg(t, 'level1-csg');
      const before = await refusals('wrong_application_type');
      const read = await level1.get(`${BULK_APPLICATIONS_PATH}/${id}`);
      expect(read.statusCode).toBe(404);
      expect(read.json().backendCode).toBe('NOT_FOUND');
      expect((await level1.get(`${BULK_APPLICATIONS_PATH}/${id}/error-report`)).statusCode).toBe(404);
      expect(await refusals('wrong_application_type')).toBe(before + 2);
      expect(await statusOf(id)).toBe('AWAITING');
      expect((await csg.get(`${BULK_APPLICATIONS_PATH}/${id}`)).statusCode).toBe(200);
    });

    it('others of the organisation whose role reaches every row may look', async () => {
      const rows = [
        row({ applicationType: 'LA', workforces: '', position: 'Shop assistant' }),
        row({ applicationType: 'LA', workforces: '', position: 'Driver' }),
      ];
      const uploaded = (await upload(csg, filename(), csv(rows))).json();
      const id = uploaded.metadata.id as string;
      expect(uploaded.metadata.readyApplications, JSON.stringify(uploaded.applicationSummaries)).toBe(2);
      for (const persona of ['level1-csg', 'lead-csg']) {
        const other = await signedInCsg(t, persona);
        const seen = await other.get(`${BULK_APPLICATIONS_PATH}/${id}`);
        expect(seen.statusCode, `${persona}: ${seen.body}`).toBe(200);
        expect((await other.get(`${BULK_APPLICATIONS_PATH}/${id}/error-report`)).statusCode).toBe(200);
      }
      expect(await statusOf(id)).toBe('AWAITING');
    });

    it('a Level 1 countersignatory sees its own upload, refused Level 2 rows included, and its Level 1 rows are made', async () => {
      const level1 = await signedInCsg(t, 'level1-csg');
      const rows = [row({ applicationType: 'LA', workforces: '', position: 'Shop assistant' }), row()];
      const uploaded = (await upload(level1, filename(), csv(rows))).json();
      const id = uploaded.metadata.id as string;
      expect(uploaded.metadata).toMatchObject({ applications: 2, readyApplications: 1 });
      expect(uploaded.applicationSummaries[1].errors).toEqual([
        { field: 'applicationType', reason: 'Your account cannot start this type of application' },
      ]);
      expect((await level1.get(`${BULK_APPLICATIONS_PATH}/${id}/error-report`)).statusCode).toBe(200);
      // The full countersignatory may look at it too (its role reaches both types).
      expect((await csg.get(`${BULK_APPLICATIONS_PATH}/${id}`)).statusCode).toBe(200);
      expect(uploaded.metadata.status).toBe('AWAITING');
      await t.jobs.runDue();
      const done = (await level1.get(`${BULK_APPLICATIONS_PATH}/${id}`)).json();
      expect(done.metadata).toMatchObject({ status: 'PROCESSED', submittedApplications: 1 });
    });
  });

  it('serves the template, which uploads as it is', async () => {
    const res = await csg.get(`${BULK_APPLICATIONS_PATH}/template`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const uploaded = await upload(csg, filename(), res.body);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().metadata).toMatchObject({ applications: 2, readyApplications: 2 });
  });

  it('lets only the lead countersignatory report corrected organisation details', async () => {
    const path = '/api/organisation/RB1001/detail-corrections';
    const details = {
      organisationName: 'Northfield Community Care',
      address: { line1: '14 Harbour Road', town: 'Leith', postcode: 'EH6 6AB', country: 'GB' },
      mainPhoneNumber: '0131 496 0001',
      emailAddress: 'office@northfield.example.org',
    };
    expect((await csg.send('POST', path, details)).statusCode).toBe(404);
    expect((await csg.get(path)).statusCode).toBe(404);
    const lead = await signedInCsg(t, 'lead-csg');
    expect((await lead.send('POST', '/api/organisation/RB2002/detail-corrections', details)).statusCode).toBe(
      404,
    );
    const bad = await lead.send('POST', path, { ...details, mainPhoneNumber: 'call us', emailAddress: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['emailAddress', 'mainPhoneNumber']);
    const sent = await lead.send('POST', path, details);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe('SENT');
    expect((await lead.get(path)).json().reports[0]).toMatchObject({ id: sent.json().id, status: 'SENT' });
    const email = await t.database.db
      .selectFrom('notify_outbox')
      .selectAll()
      .where('to_address', '=', t.config.disclosureBodyEmail)
      .executeTakeFirstOrThrow();
    expect(email.body).toContain('Main phone number: 01314960001');
    const audit = await auditEntries(t, 'organisation.details_reported');
    expect(audit).toHaveLength(1);
  });
});

describe.each(ENGINES)('CSV batches when the scanner is down or the feature is off on $name', (engine) => {
  it('refuses the upload as service unavailable and stores nothing', async () => {
    const t = await startTestApp(engine, { CLAMD_HOST: '127.0.0.1', CLAMD_PORT: String(await closedPort()) });
    try {
      const csg = await signedInCsg(t);
      const res = await upload(csg, filename(), csv([row()]));
      expect(res.statusCode).toBe(503);
      expect(res.json().backendCode).toBe('SERVICE_UNAVAILABLE');
      expect(await t.database.db.selectFrom('batches').selectAll().execute()).toHaveLength(0);
    } finally {
      await t.dispose();
    }
  });

  it('answers not found without the batch feature', async () => {
    const t = await startTestApp(engine, { FEATURE_B2B_BATCH_UPLOAD: 'false' });
    try {
      const csg = await signedInCsg(t);
      expect((await upload(csg, filename(), csv([row()]))).statusCode).toBe(404);
      expect((await csg.get(`${BULK_APPLICATIONS_PATH}/template`)).statusCode).toBe(404);
    } finally {
      await t.dispose();
    }
  });
});
