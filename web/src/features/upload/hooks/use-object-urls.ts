import { useCallback, useEffect, useRef } from 'react';

/**
 * Creates object URLs and revokes each one as soon as `referenced` no longer holds it, and all
 * of them on unmount, so no preview or result stays in memory after it leaves the screen.
 */
export function useObjectUrls(referenced: Set<string>) {
  const created = useRef(new Set<string>());

  const createObjectUrl = useCallback((blob: Blob) => {
    const url = URL.createObjectURL(blob);
    created.current.add(url);
    return url;
  }, []);

  useEffect(() => {
    for (const url of created.current) {
      if (!referenced.has(url)) {
        URL.revokeObjectURL(url);
        created.current.delete(url);
      }
    }
  }, [referenced]);

  useEffect(() => {
    const urls = created.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  return createObjectUrl;
}
