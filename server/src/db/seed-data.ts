// The reference data a new database starts with (docs/decisions.md, Lookups and prices).
// Seeding only inserts what is missing, so an operator's later edits are never overwritten.

export const SEED_REPORT_TYPES = [
  { name: 'Inventory', description: 'A full record of a property’s contents and condition before a tenancy.', sortOrder: 1 },
  { name: 'Check-in', description: 'Confirms the inventory with the incoming tenant at the start of a tenancy.', sortOrder: 2 },
  { name: 'Check-out', description: 'Compares the property with its inventory at the end of a tenancy.', sortOrder: 3 },
  { name: 'Mid-term Inspection', description: 'A visit during a tenancy to note condition, maintenance and compliance.', sortOrder: 4 },
  { name: 'Schedule of Condition', description: 'A detailed record of a building’s condition, with no inventory of contents.', sortOrder: 5 },
]

export const SEED_JOB_TYPES = [
  { name: 'AI', maxAudioFiles: 1, sortOrder: 1 },
  { name: 'AI + Proofreading', maxAudioFiles: 1, sortOrder: 2 },
  { name: 'Human', maxAudioFiles: null, sortOrder: 3 },
]

export const SEED_SLA_SLOTS = [
  { name: '1 Hour Priority', hours: 1, sortOrder: 1 },
  { name: '24 Hours Standard', hours: 24, sortOrder: 2 },
  { name: '48 Hours', hours: 48, sortOrder: 3 },
  { name: '72 Hours Economy', hours: 72, sortOrder: 4 },
]

/** Cents (hundredths of a credit) per started audio minute, for each offered (job type, turnaround) pair. */
export const SEED_RATES: { jobType: string; slaSlot: string; centsPerMinute: number }[] = [
  { jobType: 'AI', slaSlot: '1 Hour Priority', centsPerMinute: 50 },
  { jobType: 'AI + Proofreading', slaSlot: '24 Hours Standard', centsPerMinute: 100 },
  { jobType: 'AI + Proofreading', slaSlot: '48 Hours', centsPerMinute: 90 },
  { jobType: 'AI + Proofreading', slaSlot: '72 Hours Economy', centsPerMinute: 80 },
  { jobType: 'Human', slaSlot: '24 Hours Standard', centsPerMinute: 160 },
  { jobType: 'Human', slaSlot: '48 Hours', centsPerMinute: 140 },
  { jobType: 'Human', slaSlot: '72 Hours Economy', centsPerMinute: 120 },
]

/** One credit per unit of the plan's currency (decisions.md, Lookups and prices); amounts in whole cents. */
export const SEED_RECHARGE_PLANS = [
  { name: 'Starter', description: '20 credits: about 40 minutes of AI transcription.', creditValueCents: 20_00, priceCents: 20_00, sortOrder: 1 },
  { name: 'Standard', description: '50 credits for a few inspections a week.', creditValueCents: 50_00, priceCents: 50_00, sortOrder: 2 },
  { name: 'Professional', description: '100 credits for a full working week.', creditValueCents: 100_00, priceCents: 100_00, sortOrder: 3 },
  { name: 'Agency', description: '250 credits for busy teams.', creditValueCents: 250_00, priceCents: 250_00, sortOrder: 4 },
]

export const SEED_ALLOWED_FILE_TYPES = {
  audio: ['mp3', 'wav', 'm4a', 'aac', 'ogg', 'oga', 'opus', 'flac', 'webm', 'wma', 'amr', '3gp'],
  template: ['doc', 'docx', 'pdf', 'odt', 'rtf', 'txt'],
  support: ['pdf', 'doc', 'docx', 'odt', 'rtf', 'txt', 'jpg', 'jpeg', 'png', 'heic', 'xls', 'xlsx', 'csv'],
} as const

/** The demo clerk seeded on the embedded default so a newcomer can sign in at once. */
export const DEMO_CLERK = {
  email: 'demo.clerk@example.com',
  password: 'Inspect-Demo-2026',
  fullName: 'Demo Clerk',
  companyName: 'Demo Inventories Ltd',
}
