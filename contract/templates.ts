import { Type, type Static } from 'typebox'

export const Template = Type.Object({
  id: Type.Integer(),
  template_name: Type.String(),
  /** The stored file's path: download it from GET /files/11/{template_file}. Its last segment is the file's name. */
  template_file: Type.String(),
})
export type Template = Static<typeof Template>

/** GET /clerk-template: the clerk's one template, or none. */
export const TemplateList = Type.Array(Template)

/** Largest template accepted, in bytes. */
export const TEMPLATE_MAX_BYTES = 20 * 1024 * 1024
