// STAND-IN (replaced at merge by the leave helper's module of the same name and signatures).
/** The file's extension in lower case, without the dot; '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : ''
}

/** The files whose extension is allowed, and the others. */
export function splitByExtension(files: File[], allowed: readonly string[]): { accepted: File[]; refused: File[] } {
  const accepted: File[] = []
  const refused: File[] = []
  for (const file of files) (allowed.includes(extensionOf(file.name)) ? accepted : refused).push(file)
  return { accepted, refused }
}

/** The picker's accept attribute, e.g. ".mp3,.wav". */
export function acceptAttribute(allowed: readonly string[]): string {
  return allowed.map((extension) => `.${extension}`).join(',')
}

/** A name cut to `max` characters, keeping its extension: "inspection-….mp3". */
export function shortFileName(name: string, max = 15): string {
  if (name.length <= max) return name
  const extension = extensionOf(name)
  const tail = extension ? `.${extension}` : ''
  const keep = Math.max(1, max - tail.length - 1)
  return `${name.slice(0, keep)}…${tail}`
}
