// One file per endpoint group: method, path, params, body and response as zod schemas, imported by the API
// route and the web client alike.
export * from './batches';
