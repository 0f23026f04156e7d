// The portal's runtime settings, read once from Vite's environment.
// VITE_API_BASE lets a deployment put the API on another origin; the default is this origin's /api.
export const env = {
  apiBase: (import.meta.env.VITE_API_BASE as string | undefined)?.replace(/\/+$/, '') || '/api',
} as const
