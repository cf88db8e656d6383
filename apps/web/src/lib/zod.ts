import { z } from 'zod/v4';

// zod compiles object parsers with `new Function` unless told not to, and probes for it once: under this
// service's Content-Security-Policy (no 'unsafe-eval') the probe raises a securitypolicyviolation. The web build
// resolves every `import … from 'zod'` (the domain's included) to this module, so the setting is made before any
// schema is built, in whichever page's code first needs zod, and the launch page does not carry zod at all.
z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
