// Twelve jobs as a list page shows them: the reference pages' only data (served as /list.json too).
export interface ReferenceRow {
  id: number
  address: string
  type: string
  status: string
  date: string
}

export const REFERENCE_ROWS: ReferenceRow[] = Array.from({ length: 12 }, (_, at) => ({
  id: at + 1,
  address: `${at + 11} Mill Lane, Headingley, Leeds LS6 ${at + 1}AB`,
  type: ['Inventory', 'Check-in', 'Check-out', 'Mid-term Inspection'][at % 4]!,
  status: ['Completed', 'Processing', 'Pending', 'Failed'][at % 4]!,
  date: `${10 + at}/11/2026`,
}))
