import { z } from 'zod';

// zod compiles object parsers with `new Function` unless told not to, and probes for it once: under this
// service's Content-Security-Policy (no 'unsafe-eval') the probe raises a securitypolicyviolation. Imported first
// by the entry point, before any schema (the domain's included) is built, because the choice is made per schema
// when it is created.
z.config({ jitless: true });
