// One file per endpoint group: method, path, params, body and response as zod schemas, imported by the API
// route and the web client alike as `@dis/domain/contracts` (transport shapes, kept out of the rules' index).
export * from './batches';
