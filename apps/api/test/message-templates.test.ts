import { describe, expect, it } from 'vitest';
import {
  LOCAL_TEMPLATE_IDS,
  render,
  SHARED_LINK_WHAT_YOU_NEED,
  TEMPLATES,
} from '../src/integrations/notify/templates';
import {
  MESSAGE_FIELDS,
  OUTBOX_TEMPLATES,
  personalisationFor,
  type OutboxTemplate,
} from '../src/modules/outbox/service';

// Every message's text against the flow that sends it (issue 30, finding 10): the personalisation the flow sends
// fills every placeholder, and the text says what the flow will ask of the person who reads it, nothing else.
// The two shared-link flows are also checked end to end from the outbox in share-links.test.ts.

interface Flow {
  template: string;
  /** The personalisation keys the flow's service sends (a new key or placeholder must be added on both sides). */
  personalisation: Record<string, string>;
  says: RegExp[];
  never: RegExp[];
}

const link = 'https://service.example/x?token=abc';
/** The personalisation the two messages about a result (ready, review decision) have in common. */
const resultFields = {
  applicantName: 'Alex Morgan',
  applicationReference: 'ABC123',
  applicationType: 'Level 2',
  viewingDays: '30',
  signInLink: link,
};
const FLOWS: Record<string, Flow> = {
  'one-time code (applicant step-up and basic link)': {
    template: LOCAL_TEMPLATE_IDS.oneTimeCode,
    personalisation: { code: '123456', minutes: '15' },
    says: [/security code is 123456/, /15 minutes/],
    never: [/date of birth/i, /reference/i],
  },
  'recipient-details link (identity check)': {
    template: LOCAL_TEMPLATE_IDS.sharedLink,
    personalisation: { link, expiryDate: '2026-12-06', whatYouNeed: SHARED_LINK_WHAT_YOU_NEED.details },
    says: [/date of birth/, /application reference/, /until 2026-12-06/],
    never: [/text message/i, /security code/i],
  },
  'basic link (text-message code)': {
    template: LOCAL_TEMPLATE_IDS.sharedLink,
    personalisation: { link, expiryDate: '2026-12-02', whatYouNeed: SHARED_LINK_WHAT_YOU_NEED.basic },
    says: [/security code by text message/, /until 2026-12-02/],
    never: [/date of birth/i, /reference/i],
  },
  'hand-over to the applicant': {
    template: LOCAL_TEMPLATE_IDS.handover,
    personalisation: {
      applicantName: 'Alex Morgan',
      organisationName: 'Org A',
      applicationType: 'Level 2',
      applicationReference: 'ABC123',
      expiryDays: '14',
      signInLink: link,
    },
    says: [/sign in and complete/, /within 14 days/, /ABC123/],
    never: [/security code/i],
  },
  'result ready': {
    template: LOCAL_TEMPLATE_IDS.resultReady,
    personalisation: resultFields,
    says: [/Sign in to read it/, /30 days/],
    never: [/security code/i, /date of birth/i],
  },
  'review decision': {
    template: LOCAL_TEMPLATE_IDS.reviewDecision,
    personalisation: { ...resultFields, decisionText: 'Your review was successful.' },
    says: [/Your review was successful/, /Sign in to see your result/],
    never: [/security code/i],
  },
  // Issue 29 item 14 (decision 0055): what applications.cancelUnverifiedOverdue sends.
  'unverified Level 1 cancelled for missing identity documents': {
    template: LOCAL_TEMPLATE_IDS.identityDocumentsCancelled,
    personalisation: { applicationReference: 'ABC123', deadline: '3 April 2026', signInLink: link },
    says: [/ABC123/, /by 3 April 2026/, /cancelled/, /not refunded/, /apply again/],
    never: [/security code/i, /date of birth/i, /result/i],
  },
  ...Object.fromEntries(
    (
      [
        [
          'reminder: hand-over waiting',
          LOCAL_TEMPLATE_IDS.reminderHandover,
          /complete your part by 12 December 2026/,
        ],
        ['reminder: draft not submitted', LOCAL_TEMPLATE_IDS.reminderDraft, /Submit it by 12 December 2026/],
        ['reminder: result not read', LOCAL_TEMPLATE_IDS.reminderResultUnviewed, /you have not read it yet/],
        ['reminder: viewing ends', LOCAL_TEMPLATE_IDS.reminderViewingEnds, /online until 12 December 2026/],
        [
          'reminder: share window',
          LOCAL_TEMPLATE_IDS.reminderShareWindow,
          /share the result .* until 12 December 2026/,
        ],
        [
          'reminder: appeal deadline',
          LOCAL_TEMPLATE_IDS.reminderAppeal,
          /deadline for your appeal is the end of 12 December 2026/,
        ],
        [
          'reminder: countersignatory digest',
          LOCAL_TEMPLATE_IDS.reminderCountersignatory,
          /will expire unless the applicant submits them/,
        ],
      ] as const
    ).map(([name, template, says]) => [
      name,
      {
        template,
        // What the reminders service sends (modules/reminders/service.ts): the sign-in link and the deadline
        // with the application's facts, or the countersignatory's digest.
        personalisation: {
          applicantName: 'Alex Morgan',
          applicationReference: 'ABC123',
          applicationType: 'Level 2',
          deadline: '12 December 2026',
          signInLink: link,
          countersignatoryName: 'Sam Lead',
          count: '2',
          applications: 'ABC123, DEF456',
        },
        says: [says, /sign in/i, /turn reminders off/],
        never: [/security code/i, /date of birth/i],
      } satisfies Flow,
    ]),
  ),
  'organisation details report': {
    template: LOCAL_TEMPLATE_IDS.organisationReport,
    personalisation: {
      registeredBodyCode: 'A',
      currentName: 'Org A',
      countersignatoryName: 'Sam Lead',
      countersignatoryCode: 'CSA100009',
      organisationName: 'Org A Ltd',
      address: '1 Street, Town',
      mainPhoneNumber: '0131 000 0000',
      emailAddress: 'a@example.com',
    },
    says: [/corrected organisation details/, /Org A Ltd/],
    never: [/security code/i],
  },
};

describe('message templates against their flows (finding 10)', () => {
  it('every template has a flow here', () => {
    const covered = new Set(Object.values(FLOWS).map((f) => f.template));
    expect([...covered].sort()).toEqual(Object.keys(TEMPLATES).sort());
  });

  it.each(Object.entries(FLOWS))('%s: every placeholder filled, says what the flow asks', (_name, flow) => {
    const template = TEMPLATES[flow.template]!;
    const text = `${render(template.subject, flow.personalisation)}\n${render(template.body, flow.personalisation)}`;
    expect(text).not.toMatch(/\(\([A-Za-z0-9_]+\)\)/);
    for (const phrase of flow.says) expect(text).toMatch(phrase);
    for (const phrase of flow.never) expect(text).not.toMatch(phrase);
  });
});

/** The local template of each message (the config's default template ids). */
const LOCAL_TEMPLATE_OF: Record<OutboxTemplate, string> = {
  handover: LOCAL_TEMPLATE_IDS.handover,
  'result-ready': LOCAL_TEMPLATE_IDS.resultReady,
  'review-decision': LOCAL_TEMPLATE_IDS.reviewDecision,
  'one-time-code': LOCAL_TEMPLATE_IDS.oneTimeCode,
  'shared-link': LOCAL_TEMPLATE_IDS.sharedLink,
  'organisation-report': LOCAL_TEMPLATE_IDS.organisationReport,
  'reminder-handover': LOCAL_TEMPLATE_IDS.reminderHandover,
  'reminder-draft': LOCAL_TEMPLATE_IDS.reminderDraft,
  'reminder-result-unviewed': LOCAL_TEMPLATE_IDS.reminderResultUnviewed,
  'reminder-viewing-ends': LOCAL_TEMPLATE_IDS.reminderViewingEnds,
  'reminder-share-window': LOCAL_TEMPLATE_IDS.reminderShareWindow,
  'reminder-appeal': LOCAL_TEMPLATE_IDS.reminderAppeal,
  'reminder-countersignatory': LOCAL_TEMPLATE_IDS.reminderCountersignatory,
  'identity-documents-cancelled': LOCAL_TEMPLATE_IDS.identityDocumentsCancelled,
};

const placeholdersOf = (template: { subject: string; body: string }) =>
  new Set([...`${template.subject}\n${template.body}`.matchAll(/\(\(([A-Za-z0-9_]+)\)\)/g)].map((m) => m[1]));

describe('each template is sent only the fields it uses (issue 29 item 15)', () => {
  it.each(OUTBOX_TEMPLATES)("%s: its fields are exactly its template's placeholders", (template) => {
    const text = TEMPLATES[LOCAL_TEMPLATE_OF[template]]!;
    expect([...MESSAGE_FIELDS[template]].sort()).toEqual([...placeholdersOf(text)].sort());
  });

  it.each(OUTBOX_TEMPLATES)('%s: a message keeps its own fields and drops any other', (template) => {
    const own = Object.fromEntries(MESSAGE_FIELDS[template].map((name) => [name, `value of ${name}`]));
    const kept = personalisationFor(template, {
      ...own,
      decisionText: 'Your review was successful.',
      somethingElse: 'x',
    });
    const expected = { ...own };
    // The review decision's own text is its field; every other template drops it.
    if (template === 'review-decision') expected.decisionText = 'Your review was successful.';
    expect(kept).toEqual(expected);
  });

  it('the flows above send no field their template does not use', () => {
    for (const [name, flow] of Object.entries(FLOWS)) {
      const template = OUTBOX_TEMPLATES.find((one) => LOCAL_TEMPLATE_OF[one] === flow.template)!;
      const kept = personalisationFor(template, flow.personalisation);
      expect(Object.keys(kept).sort(), name).toEqual([...placeholdersOf(TEMPLATES[flow.template]!)].sort());
    }
  });
});
