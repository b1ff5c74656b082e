/**
 * One ZIP archive built in the browser (client-zip: no compression, which photos do not need, and
 * streaming: each file is fetched when the archive reaches it, so the files are never all held
 * twice). The library is loaded on first use only.
 */
export interface ArchiveEntry {
  name: string;
  lastModified?: Date;
  /** The file's bytes, fetched when the archive reaches this entry. */
  load: () => Promise<Blob>;
}

export async function buildZip(entries: readonly ArchiveEntry[]): Promise<Blob> {
  const { downloadZip } = await import('client-zip');
  async function* files() {
    for (const entry of entries)
      yield { name: entry.name, lastModified: entry.lastModified, input: await entry.load() };
  }
  return downloadZip(files()).blob();
}
