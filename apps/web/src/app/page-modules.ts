/**
 * The page and action modules the route tables load on first visit, named once: most serve several routes (the
 * pages of one module, a page and its form's action, the same page in two tables). A route whose module serves
 * it alone imports it where it stands.
 */
export const modules = {
  selectApplicationPages: () => import('../features/journeys/select-application-page'),
  applicantJourneyActions: () => import('../features/journeys/applicant-actions'),
  applicantPages: () => import('../features/dashboard/applicant-pages'),
  dateOfBirthMismatchPage: () => import('../features/errors/date-of-birth-mismatch-page'),
  signedOutPages: () => import('../features/account/signed-out-page'),
  cookiesPage: () => import('../features/static/cookies-page'),
  organisationJourneyActions: () => import('../features/journeys/organisation-actions'),
  organisationResultPages: () => import('../features/results/organisation-pages'),
  paperPages: () => import('../features/sharing/paper-pages'),
  actionPages: () => import('../features/results/action-pages'),
  resultActions: () => import('../features/results/actions'),
  oneTimeCodePages: () => import('../features/sharing/one-time-code-pages'),
  sharePages: () => import('../features/sharing/share-pages'),
  whoCanSeePages: () => import('../features/sharing/who-can-see-pages'),
  sharingActions: () => import('../features/sharing/actions'),
  recipientPages: () => import('../features/shared-result/pages'),
  recipientBasicPages: () => import('../features/shared-result/basic-pages'),
  recipientActions: () => import('../features/shared-result/actions'),
  printPages: () => import('../features/check-a-result/print-pages'),
  checkActions: () => import('../features/check-a-result/actions'),
  applicationsDashboard: () => import('../features/dashboard/applications-dashboard'),
};
