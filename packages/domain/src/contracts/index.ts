// One contract per endpoint (method, path, params, query, body, response as zod schemas), imported by the API
// route and the web client alike as `@dis/domain/contracts` (transport shapes, kept out of the rules' index).
export * from './define';
export * from './ids';
export * from './results';
export * from './casework';
export * from './batches';
export * from './sharing';
export * from './addresses';
export * from './feedback';
export * from './reference-data';
export * from './platform';
export * from './account';
export * from './auth';
export * from './applications';
export * from './drafts';
export * from './basic-applications';
export * from './result-checks';
export * from './paper-applications';
export * from './page-render';
