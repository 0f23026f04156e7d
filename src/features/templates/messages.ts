// Every text of the Template Management page, in one place. Texts quoted in portal-spec.md (§2, §5,
// §8) are copied word for word; labels and explanations the spec does not word are this portal's own
// (docs/decisions/template-management-portal.md).

/** Extensions as the lookup gives them (lower case, no dot), for the spec's "{list}". */
const extensionList = (extensions: readonly string[]) => extensions.join(', ')

export const TEMPLATE_TEXT = {
  title: 'Template Management',
  intro: 'Your template is the default report template for new jobs that involve a human transcriber. You can keep one template at a time.',

  uploadHeading: 'Upload a template',
  templateName: 'Template Name',
  templateFile: 'Template File',
  fileHint: (extensions: readonly string[]) => `Accepted file types: ${extensionList(extensions)}. Up to 20 MB.`,
  loadingTypes: 'Loading allowed file types...',
  removeFile: (name: string) => `Remove ${name}`,
  upload: 'Upload',
  uploading: 'Uploading...',
  nameRequired: 'Please enter a template name',
  fileRequired: 'Please select a file to upload',
  typeNotAllowed: (extensions: readonly string[]) => `Only ${extensionList(extensions)} files are allowed`,
  /** The server's own words for a file over the limit, shown before the file is sent. */
  tooLarge: 'The template is larger than 20 MB.',
  typesFailed: 'Failed to load allowed file types. Please try again.',
  retry: 'Try again',
  removeFirst: 'To add a new template, remove the existing one first.',
  uploadFailed: 'Failed to upload template',
  uploaded: 'Template uploaded successfully',

  listHeading: 'Your template',
  loadingList: 'Loading templates...',
  listFailed: 'Failed to load templates. Please try again later.',
  empty: 'No template has been added yet. Upload one with the form to use it as your default.',
  download: (name: string) => `Download template ${name}`,
  remove: (name: string) => `Delete template ${name}`,
  downloadFailed: 'Failed to download template file. Please try again.',

  deleteTitle: 'Delete Template',
  deleteQuestion: (name: string) => `Are you sure you want to delete the template “${name}”?`,
  deleteWarning: 'This action cannot be undone. New jobs will have no default template until you upload another.',
  deleteConfirm: 'I understand that this template will be permanently deleted',
  cancel: 'Cancel',
  deleteButton: 'Delete',
  deleting: 'Deleting...',
  deleted: 'Template deleted successfully',
  deleteFailed: 'Failed to delete template',
  deleteError: 'An error occurred while deleting the template',
} as const
