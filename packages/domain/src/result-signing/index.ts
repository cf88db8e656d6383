// Signed results and check codes (decision 0051). Imported as `@dis/domain/result-signing` (the signing half
// brings jose, which the browser never needs); the check code's rules are in the domain's index too.
export * from './canonical';
export * from './check-code';
export * from './sign';
