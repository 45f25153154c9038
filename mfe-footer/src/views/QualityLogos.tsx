/** Quality, payment and carrier logos: images with their size, linked when the document links them. */
import { useId } from 'react';
import type { QualityLogos as Logos } from '@shop/core';
import { TargetLink } from './TargetLink';

/** A logo's file name without folder and type (`/img/footer/visa.svg` is `visa`): a linked logo's name of last resort. */
function sourceName(src: string): string {
  return (src.split('/').pop() ?? src).replace(/\.svg$/, '').replace(/[_-]+/g, ' ');
}

export function QualityLogos({ logos, basePath }: { logos?: Logos; basePath?: string }) {
  const headingId = useId();
  if (!logos || logos.logos.length === 0) return null;
  return (
    <section className="sft-logos" aria-labelledby={logos.heading ? headingId : undefined}>
      {logos.heading && (
        <h2 id={headingId} className="sft-heading">
          {logos.heading}
        </h2>
      )}
      <ul className="sft-logos__list">
        {logos.logos.map((logo, index) => {
          const image = <img src={logo.src} alt={logo.label ?? ''} width={logo.width} height={logo.height} loading="lazy" decoding="async" />;
          return (
            <li key={index}>
              {logo.target ? (
                <TargetLink target={logo.target} basePath={basePath} label={logo.label ?? sourceName(logo.src)}>
                  {image}
                </TargetLink>
              ) : (
                image
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
