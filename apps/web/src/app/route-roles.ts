/** Public pages: anyone, signed in or not. */
export const PUBLIC = [] as const;
/** Document 2 section 6: journeys, selection, redirect and submitted details are APPLICANT and APPLICATION_ONLY. */
export const JOURNEY_ROLES = ['APPLICANT', 'APPLICATION_ONLY'] as const;
/** Document 2 section 2: result pages are APPLICANT and APPLICANT_BASIC with a verified identity. */
export const RESULT_ROLES = ['APPLICANT', 'APPLICANT_BASIC'] as const;
/** Release, appeal and review pages are APPLICANT only. */
export const DECISION_ROLES = ['APPLICANT'] as const;

/** The applicant's own result pages: the result roles with a verified identity (document 2 section 2). */
export const OWN_RESULT = { roles: RESULT_ROLES, identityVerified: true } as const;
/** The applicant's release, appeal, review and paper pages: APPLICANT only, with a verified identity. */
export const OWN_DECISION = { roles: DECISION_ROLES, identityVerified: true } as const;
