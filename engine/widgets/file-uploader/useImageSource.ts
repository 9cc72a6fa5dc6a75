import { useEffect, useState } from 'react';
import type { WidgetDataSource } from '../data-context.tsx';

/**
 * The address an <img> shows a stored image from. With data.loadImage, the image is fetched with the session
 * (the server shows a record's image only to those who may read the record; an <img> cannot send the
 * Authorization header) and shown from a blob address, released when the image changes or the field goes.
 * Without it, the image route's address.
 */
export function useImageSource(data: WidgetDataSource, fileName: string | undefined, container: string): string | undefined {
  const [loaded, setLoaded] = useState<{ fileName: string; url: string } | null>(null);
  const load = data.loadImage;
  useEffect(() => {
    if (!load || !fileName) return;
    let live = true;
    let url: string | null = null;
    load(fileName, container)
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setLoaded({ fileName, url });
      })
      .catch(() => { /* no image shown: the field still offers Change and Remove */ });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [load, fileName, container]);
  if (!fileName) return undefined;
  if (!load) return data.imageUrl(fileName, container);
  return loaded?.fileName === fileName ? loaded.url : undefined;
}
