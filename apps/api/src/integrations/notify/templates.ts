/**
 * The text of each message. With the real GOV.UK Notify the same text is set up as a template in Notify
 * (its id comes from config); the local outbox renders it here. Placeholders use Notify's ((name)) syntax.
 */
export interface MessageTemplate {
  subject: string;
  body: string;
}

export const LOCAL_TEMPLATE_IDS = {
  handover: 'local-template-organisation-handover',
  resultReady: 'local-template-result-ready',
  reviewDecision: 'local-template-review-decision',
  organisationReport: 'local-template-organisation-details-report',
  oneTimeCode: 'local-template-one-time-code',
  sharedLink: 'local-template-shared-link',
  reminderHandover: 'local-template-reminder-handover',
  reminderDraft: 'local-template-reminder-draft',
  reminderResultUnviewed: 'local-template-reminder-result-unviewed',
  reminderViewingEnds: 'local-template-reminder-viewing-ends',
  reminderShareWindow: 'local-template-reminder-share-window',
  reminderAppeal: 'local-template-reminder-appeal',
  reminderCountersignatory: 'local-template-reminder-countersignatory',
  identityDocumentsCancelled: 'local-template-identity-documents-cancelled',
} as const;

/** The end of every reminder: how to stop them (decision 0041). */
const REMINDER_FOOTER = [
  '',
  'You can turn reminders off on your personal details page after you sign in.',
  '',
  'Disclosure Scotland',
];

/**
 * What a recipient's link asks for before it shows the result, by flow: the applicant's date of birth and the
 * application reference (a recipient-details link), or a security code sent by text message to the phone number
 * the applicant gave (a basic link). The shared-link email's ((whatYouNeed)).
 */
export const SHARED_LINK_WHAT_YOU_NEED = {
  details: "You will need the applicant's date of birth and the application reference.",
  basic:
    'When you open the link we will send a security code by text message to the phone number the applicant gave for you. You will need that code to see the result.',
} as const;

export const TEMPLATES: Record<string, MessageTemplate> = {
  // A text message: the subject only names it in the local outbox.
  [LOCAL_TEMPLATE_IDS.oneTimeCode]: {
    subject: 'Text message: security code',
    body: 'Your Disclosure Scotland security code is ((code)). It expires in ((minutes)) minutes. Do not share this code with anyone.',
  },
  // The recipient's link: no name, no criminal-record content. ((whatYouNeed)) says what the link asks for first,
  // which depends on the flow (SHARED_LINK_WHAT_YOU_NEED): the applicant's details, or a code sent by text message.
  [LOCAL_TEMPLATE_IDS.sharedLink]: {
    subject: 'A disclosure result has been shared with you',
    body: [
      'Someone has shared the result of their disclosure application with you.',
      '',
      'Open the result:',
      '((link))',
      '',
      '((whatYouNeed)) The link works until ((expiryDate)).',
      '',
      'If you were not expecting this email, you can ignore it.',
      '',
      'Disclosure Scotland',
    ].join('\n'),
  },
  [LOCAL_TEMPLATE_IDS.handover]: {
    subject: 'Continue your application: ((applicationType))',
    body: [
      'Dear ((applicantName)),',
      '',
      '((organisationName)) has started an application for ((applicationType)) for you. The application reference is ((applicationReference)).',
      '',
      'You need to sign in and complete your part of the application within ((expiryDays)) days. After that the application expires and the organisation would need to start a new one.',
      '',
      'Continue your application:',
      '((signInLink))',
      '',
      'If you were not expecting this email, contact ((organisationName)).',
      '',
      'Disclosure Scotland',
    ].join('\n'),
  },
  // No criminal-record content in emails: they say where to sign in, nothing more.
  [LOCAL_TEMPLATE_IDS.resultReady]: {
    subject: 'Your result is ready: ((applicationType))',
    body: [
      'Dear ((applicantName)),',
      '',
      'The result of your application ((applicationReference)) for ((applicationType)) is ready.',
      '',
      'Sign in to read it:',
      '((signInLink))',
      '',
      'You can read your result for ((viewingDays)) days after you first open it.',
      '',
      'Disclosure Scotland',
    ].join('\n'),
  },
  [LOCAL_TEMPLATE_IDS.reviewDecision]: {
    subject: 'Decision on the review of your scheme record',
    body: [
      'Dear ((applicantName)),',
      '',
      'We have decided on the review you asked for of the scheme record of application ((applicationReference)).',
      '',
      '((decisionText))',
      '',
      'Sign in to see your result:',
      '((signInLink))',
      '',
      'Disclosure Scotland',
    ].join('\n'),
  },
  // Reminders: plain and short, no criminal-record content, what to do and by when.
  [LOCAL_TEMPLATE_IDS.reminderHandover]: {
    subject: 'Reminder: continue your application by ((deadline))',
    body: [
      'Your application ((applicationReference)) for ((applicationType)) is waiting for you.',
      '',
      'You need to sign in and complete your part by ((deadline)). After that the application expires.',
      '',
      'Continue your application:',
      '((signInLink))',
      ...REMINDER_FOOTER,
    ].join('\n'),
  },
  [LOCAL_TEMPLATE_IDS.reminderDraft]: {
    subject: 'Reminder: submit your application by ((deadline))',
    body: [
      'You have started your part of application ((applicationReference)) for ((applicationType)) but have not submitted it.',
      '',
      'Submit it by ((deadline)). After that the application expires and your answers are lost.',
      '',
      'Sign in to continue:',
      '((signInLink))',
      ...REMINDER_FOOTER,
    ].join('\n'),
  },
  [LOCAL_TEMPLATE_IDS.reminderResultUnviewed]: {
    subject: 'Reminder: your result is ready',
    body: [
      'The result of your application ((applicationReference)) for ((applicationType)) is ready and you have not read it yet.',
      '',
      'Sign in to read it:',
      '((signInLink))',
      ...REMINDER_FOOTER,
    ].join('\n'),
  },
  [LOCAL_TEMPLATE_IDS.reminderViewingEnds]: {
    subject: 'Reminder: you can read your result until ((deadline))',
    body: [
      'You can read the result of your application ((applicationReference)) online until ((deadline)).',
      '',
      'Sign in to read it:',
      '((signInLink))',
      ...REMINDER_FOOTER,
    ].join('\n'),
  },
  [LOCAL_TEMPLATE_IDS.reminderShareWindow]: {
    subject: 'Reminder: share your result by ((deadline))',
    body: [
      'You can share the result of your application ((applicationReference)) until ((deadline)). You have not shared it yet.',
      '',
      'Sign in to share it:',
      '((signInLink))',
      ...REMINDER_FOOTER,
    ].join('\n'),
  },
  [LOCAL_TEMPLATE_IDS.reminderAppeal]: {
    subject: 'Reminder: your appeal deadline is ((deadline))',
    body: [
      'You told us you intend to appeal against a conviction on the result of your application ((applicationReference)).',
      '',
      'The deadline for your appeal is the end of ((deadline)). After that your result is released to the organisation.',
      '',
      'Sign in to see your result:',
      '((signInLink))',
      ...REMINDER_FOOTER,
    ].join('\n'),
  },
  [LOCAL_TEMPLATE_IDS.reminderCountersignatory]: {
    subject: 'Applications expiring soon: ((count))',
    body: [
      'Dear ((countersignatoryName)),',
      '',
      'These applications you started will expire unless the applicant submits them:',
      '',
      '((applications))',
      '',
      'You may want to contact the applicants. Sign in to see your applications:',
      '((signInLink))',
      ...REMINDER_FOOTER,
    ].join('\n'),
  },
  // An unverified Level 1 cancelled because its identity documents did not arrive within 14 days (decision 0055).
  [LOCAL_TEMPLATE_IDS.identityDocumentsCancelled]: {
    subject: 'Your application ((applicationReference)) has been cancelled',
    body: [
      'We did not receive proof of your identity and address for your Level 1 disclosure application ((applicationReference)) by ((deadline)).',
      '',
      'Your application has been cancelled. The fee is not refunded.',
      '',
      'If you still need a Level 1 disclosure, you can apply again. Sign in to see your applications:',
      '((signInLink))',
      '',
      'Disclosure Scotland',
    ].join('\n'),
  },
  [LOCAL_TEMPLATE_IDS.organisationReport]: {
    subject: 'Corrected organisation details: ((registeredBodyCode))',
    body: [
      'The lead countersignatory ((countersignatoryName)) (((countersignatoryCode))) of ((currentName)), registered body ((registeredBodyCode)), reports these corrected organisation details:',
      '',
      'Organisation name: ((organisationName))',
      'Address: ((address))',
      'Main phone number: ((mainPhoneNumber))',
      'Email address: ((emailAddress))',
    ].join('\n'),
  },
};

/** Fills ((placeholders)) the way Notify does. */
export function render(text: string, personalisation: Record<string, string>): string {
  return text.replace(/\(\(([A-Za-z0-9_]+)\)\)/g, (whole, name: string) => personalisation[name] ?? whole);
}
