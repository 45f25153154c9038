/**
 * A teaser's image with its load state (header spec section 4 "Teaser image state: loading,
 * loaded, error"; section 8: an image load error only sets the state). The state is on the
 * frame as `data-image-state`. The frame keeps the image's ratio from its width and height, so
 * nothing moves when it loads; on error the image is replaced by a neutral, empty placeholder
 * in the same frame (never a broken-image icon, and no text: the header shows no error
 * messages, spec section 8). The teaser's title names the link.
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';

export type TeaserImageState = 'loading' | 'loaded' | 'error';

export interface TeaserPictureProps {
  src: string;
  alt?: string;
  width: number;
  height: number;
}

function Picture({ src, alt = '', width, height }: TeaserPictureProps) {
  const [state, setState] = useState<TeaserImageState>('loading');
  const image = useRef<HTMLImageElement>(null);

  useEffect(() => {
    // An image the browser had cached may have loaded before React listened.
    const element = image.current;
    if (element?.complete && element.naturalWidth > 0) setState('loaded');
  }, []);

  const frame = { aspectRatio: `${width} / ${height}` } as CSSProperties;
  return (
    <span className="shd-nav__media" data-image-state={state} style={frame}>
      {state === 'error' ? (
        <span className="shd-nav__media-placeholder" aria-hidden="true" />
      ) : (
        <img
          ref={image}
          className="shd-nav__image"
          src={src}
          alt={alt}
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          onLoad={() => setState('loaded')}
          onError={() => setState('error')}
        />
      )}
    </span>
  );
}

/** A new `src` starts again at `loading`. */
export function TeaserPicture(props: TeaserPictureProps) {
  return <Picture key={props.src} {...props} />;
}
