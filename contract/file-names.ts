// What a file's name says about it, read the same way by the server (which decides) and the portal
// (which checks first, to answer at once): the extension is what an allowed-types list is matched on.

/** The extension in lower case, without the dot ('' when there is none): "Kitchen.MP3" → "mp3". */
export function extensionOf(fileName: string): string {
  const match = /\.([a-z0-9]+)$/i.exec(fileName)
  return match ? match[1]!.toLowerCase() : ''
}
