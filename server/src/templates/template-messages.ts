// The words of the clerk's report template (portal-spec.md, Templates): refusals sent as an error's
// detail and the notifications the clerk gets. The texts live here, once.
export const TEMPLATE_MESSAGES = {
  uploaded: 'Template uploaded successfully',
  deleted: 'Deleted successfully',
  exists: 'Template already exists. Remove it and add a new one',
  nameRequired: 'Please enter a template name',
  nameTooLong: 'The template name can be at most 100 characters long',
  nameWithNul: 'The template name must not contain the NUL character (U+0000)',
  fileRequired: 'Please select a file to upload',
  wrongType: (allowed: string[]) => `Only ${allowed.join(', ')} files are allowed`,
  wrongContent: 'The file’s content does not match its type. Please upload a real document.',
  tooLarge: 'The template is larger than 20 MB.',
  notifyAdded: (name: string) => `Template "${name}" was added.`,
  notifyRemoved: (name: string) => `Template "${name}" was removed.`,
} as const
