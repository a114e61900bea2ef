import { config } from 'zod/v4/core';

// No eval in the browser: the Content-Security-Policy forbids it (docs/DECISIONS.md
// "Content-Security-Policy"), and zod probes for it with `Function('')`, a violation, when it
// builds its first object schema. This module is main.tsx's first import, so it runs before any
// module that builds a schema at import time (src/contract/verbs).
config({ jitless: true });
