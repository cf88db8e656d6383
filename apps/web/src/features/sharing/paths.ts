const enc = encodeURIComponent;

/** The share pages carry the result being shared in the query (the spec's paths have no id). */
export const shareResultPath = (resultId: string) => `/share-result?resultId=${enc(resultId)}`;
export const shareConsentPath = (resultId: string) => `/share/consent?resultId=${enc(resultId)}`;
export const shareSuccessPath = (resultId: string) => `/share-success?resultId=${enc(resultId)}`;
export const resultPagePath = (resultId: string) => `/results/${enc(resultId)}`;
