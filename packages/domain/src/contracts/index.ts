// One contract per endpoint (method, path, params, query, body, response as zod schemas).
export * from './define';
export * from './results';
export * from './casework';
export * from './sharing';
