import { useEffect, useState } from 'react';

/** Natural pixel size of an image URL once it has loaded (null until then or on error). */
export function useImageSize(src: string | null): { width: number; height: number } | null {
  const [size, setSize] = useState<{ src: string; width: number; height: number } | null>(null);
  useEffect(() => {
    if (!src) return;
    let active = true;
    const image = new Image();
    image.onload = () => {
      if (active) setSize({ src, width: image.naturalWidth, height: image.naturalHeight });
    };
    image.src = src;
    return () => {
      active = false;
      image.onload = null;
    };
  }, [src]);
  return size && size.src === src ? { width: size.width, height: size.height } : null;
}
