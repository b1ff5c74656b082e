import { useCallback, useEffect, useRef } from 'react';
import { forgetObjectUrl, objectUrlOf } from '../../../lib/download';

/**
 * Creates object URLs and revokes each one as soon as it drops out of `referenced` (the URLs the
 * state still shows), and every one of them on unmount.
 * A URL is revoked only after it has been seen in `referenced`: a URL created just before its
 * dispatch may meet an effect of the previous render, which must not revoke it.
 */
export function useObjectUrls(referenced: Set<string>) {
  const created = useRef(new Set<string>());
  const live = useRef(new Set<string>());

  const createObjectUrl = useCallback((blob: Blob) => {
    // Remembers the blob's content type: the download names the file by it (decision 091).
    const url = objectUrlOf(blob);
    created.current.add(url);
    return url;
  }, []);

  useEffect(() => {
    for (const url of live.current) {
      if (!referenced.has(url)) {
        URL.revokeObjectURL(url);
        forgetObjectUrl(url);
        live.current.delete(url);
        created.current.delete(url);
      }
    }
    for (const url of referenced) if (created.current.has(url)) live.current.add(url);
  }, [referenced]);

  useEffect(() => {
    const urls = created.current;
    const seen = live.current;
    return () => {
      for (const url of urls) {
        URL.revokeObjectURL(url);
        forgetObjectUrl(url);
      }
      urls.clear();
      seen.clear();
    };
  }, []);

  return createObjectUrl;
}
