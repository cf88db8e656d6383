/**
 * The page and action modules the route tables load on first visit, named once: most serve several routes (the
 * pages of one module, a page and its form's action, the same page in two tables). A route whose module serves
 * it alone imports it where it stands. (Separate names, not one object, so the build can shorten them.)
 */

export const selectApplicationPages = () => import('../features/journeys/select-application-page');
export const applicantJourneyActions = () => import('../features/journeys/applicant-actions');
export const applicantPages = () => import('../features/dashboard/applicant-pages');
export const dateOfBirthMismatchPage = () => import('../features/errors/date-of-birth-mismatch-page');
export const signedOutPages = () => import('../features/account/signed-out-page');
export const cookiesPage = () => import('../features/static/cookies-page');
export const organisationJourneyActions = () => import('../features/journeys/organisation-actions');
export const organisationResultPages = () => import('../features/results/organisation-pages');
export const paperPages = () => import('../features/sharing/paper-pages');
export const actionPages = () => import('../features/results/action-pages');
export const resultActions = () => import('../features/results/actions');
export const oneTimeCodePages = () => import('../features/sharing/one-time-code-pages');
export const sharePages = () => import('../features/sharing/share-pages');
export const whoCanSeePages = () => import('../features/sharing/who-can-see-pages');
export const sharingActions = () => import('../features/sharing/actions');
export const recipientPages = () => import('../features/shared-result/pages');
export const recipientBasicPages = () => import('../features/shared-result/basic-pages');
export const recipientActions = () => import('../features/shared-result/actions');
export const printPages = () => import('../features/check-a-result/print-pages');
export const checkActions = () => import('../features/check-a-result/actions');
export const applicationsDashboard = () => import('../features/dashboard/applications-dashboard');
