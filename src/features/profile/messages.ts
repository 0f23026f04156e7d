// Every text of the profile dialogs. Texts quoted in portal-spec.md (§2, §5, §8, §9) are copied word
// for word; labels the spec does not word are this portal's own
// (docs/decisions/shell-and-account-dialogs-portal.md).

export const PROFILE_TEXT = {
  title: 'User Profile',
  fullName: 'Full Name',
  email: 'Email',
  companyName: 'Company Name',
  phoneNumber: 'Phone Number',
  address: 'Address',
  readOnlyHint: 'Your name and email cannot be changed.',
  loading: 'Loading your profile...',
  update: 'Update',
  updating: 'Updating...',
  cancel: 'Cancel',
  success: 'Profile updated successfully',
  loadFailed: 'Failed to load user profile data.',
  loadNetwork: 'Network error when fetching user profile',
  updateFailed: 'Failed to update profile. Please try again.',
  updateNetwork: 'Network error when updating user profile',
} as const

/** The fixed placeholder the update sends as employee_code (portal-spec.md §3: its value is not shown). */
export const EMPLOYEE_CODE_PLACEHOLDER = 'EMP000'

export const CHANGE_PASSWORD_TEXT = {
  title: 'Change Password',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  confirmPassword: 'Confirm New Password',
  rules: 'At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character.',
  confirmAction: 'I confirm that I want to change my password',
  submit: 'Change Password',
  submitting: 'Changing Password...',
  cancel: 'Cancel',
  currentRequired: 'Please enter your current password',
  newRequired: 'Please enter a new password',
  sameAsCurrent: 'Current password should not be same as new password',
  mismatch: 'New passwords do not match',
  confirmRequired: 'Please confirm this action by checking the box',
  failed: 'Failed to change password',
  unexpected: 'An error occurred while changing password',
  network: 'Network error when changing password',
  networkDetail: 'Could not connect to the server',
  success: 'Password changed successfully',
} as const
