/** Name of a wizard download (spec 7): the original base name plus `_enhanced.png`. */
export function enhancedDownloadName(originalFileName: string): string {
  const dot = originalFileName.lastIndexOf('.');
  const base = dot > 0 ? originalFileName.slice(0, dot) : originalFileName;
  return `${base || 'image'}_enhanced.png`;
}
