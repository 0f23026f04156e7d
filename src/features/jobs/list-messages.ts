// Every text of the My Jobs list, in one place. Texts quoted in portal-spec.md (§2, §8) are copied word
// for word; labels the spec does not word are this portal's own (docs/decisions/my-jobs-portal.md).
// The dialogs' texts are in dialog-messages.ts.

export const LIST_TEXT = {
  pageTitle: 'My Jobs',

  // Filters
  filtersLabel: 'Job filters',
  /** The button the filters fold behind on a phone; the count of those set is read after it. */
  filtersButton: 'Filters',
  filtersSet: (count: number) => ` (${count} set)`,
  reportType: 'Report type',
  allReports: 'All Reports',
  jobType: 'Job type',
  allJobs: 'All Jobs',
  startDate: 'Start date',
  endDate: 'End date',
  dateHint: 'dd/MM/yyyy',
  resetDates: 'Reset dates',
  openCalendar: (field: string) => `Choose ${field.toLowerCase()} from a calendar`,
  search: 'Search jobs',
  searchPlaceholder: 'Search by ID, address, type, status, date...',
  badDate: 'Enter a date as dd/MM/yyyy',
  /** The first and last days the server takes in every time zone (lib/date-range.ts). */
  dateOutOfRange: 'Enter a date between 02/01/1970 and 30/12/9999',
  startAfterEnd: 'The start date must not be after the end date',

  // States
  loading: 'Loading jobs',
  loadFailed: 'Failed to load job data. Please try again later.',
  empty: 'No jobs found. Try adjusting your filters or search query.',
  /** Under the empty message when the range holds no job at all (a new clerk's first visit). */
  createJob: 'Create a job',
  filtersFailed: 'Failed to load filter options.',

  // Table
  statusTabs: 'Job status',
  allTab: 'All',
  tableLabel: 'Jobs',
  columns: {
    select: 'Select',
    id: 'Job ID',
    propertyName: 'Property Address',
    reportType: 'Report Type',
    fileCount: 'Audio Files',
    duration: 'Duration',
    checkDate: 'Created Date',
    expectedDate: 'Deadline Date',
    jobType: 'Job Type',
    status: 'Job Status',
    actions: 'Actions',
  },
  selectAll: 'Select all deletable jobs on this page',
  jobTitle: (id: number) => `Job ${id}`,
  details: 'Details',
  delete: 'Delete',
  sortBy: 'Sort by',
  sortOrder: 'Order',
  ascending: 'Ascending',
  descending: 'Descending',
  more: 'More',
  moreTabs: (count: number) => `More statuses (${count} hidden)`,
  selectJob: (id: number) => `Select job ${id}`,
  viewDetails: (id: number) => `View details of job ${id}`,
  deleteJob: (id: number) => `Delete job ${id}`,
  deleteSelected: 'Delete Selected',
  selectedCount: (count: number) => (count === 1 ? '1 job selected' : `${count} jobs selected`),
  refresh: 'Refresh',
  pagination: 'Pagination',
  previous: 'Previous',
  next: 'Next',
  page: (page: number) => `Page ${page}`,
  range: (first: number, last: number, total: number) => `${first}–${last} of ${total}`,
} as const

/** portal-spec.md §9: the property address is cut at 20 characters plus an ellipsis. */
export const ADDRESS_MAX_CHARS = 20
