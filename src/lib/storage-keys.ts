// Web Storage keys by prefix: the portal names the keys it keeps per clerk `<prefix><clerk>`.

/** Removes every key of `storage` that starts with `prefix`. */
export function removeKeysStartingWith(storage: Storage, prefix: string): void {
  const keys: string[] = []
  // Collected first: removing while walking the keys by index would skip the one after each removal.
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index)
    if (key?.startsWith(prefix)) keys.push(key)
  }
  keys.forEach((key) => storage.removeItem(key))
}
