// The one place where the spec's rules live: pure TypeScript, no I/O, used by the web app and the API.
export * from './codes';
export * from './limits';
export * from './fees';
export * from './validation';
export * from './journeys';
export * from './rules';
export * from './address-lookup';
export * from './service';
export * from './result-signing/check-code';
