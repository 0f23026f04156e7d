// The lookup lists' paths under /lookup/, without their schemas: the service worker caches these and
// must not bundle the schema library for a list of names. contract/lookups.ts pairs each with its schema.
export const LOOKUP_PATHS = ['report-types', 'job-types', 'sla-slots', 'recharge-plans', 'allowed-file-types'] as const
export type LookupPath = (typeof LOOKUP_PATHS)[number]
