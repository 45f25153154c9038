import { useId, useState } from 'react';
import type { PriceLine } from '@shop/core';
import type { Translate } from '@shop/texts';
import { IconButton } from '@shop/ui';

/** An article's price block, in the order the core gives (previous, current, best, base). */
export function PriceLines({ lines, t }: { lines: PriceLine[]; t: Translate }) {
  return (
    <div className="smc-price">
      {lines.map((line) => {
        switch (line.kind) {
          case 'previous':
            return (
              <span key="previous" className="smc-price__previous">
                {t('price.previous', { amount: line.amount })}
              </span>
            );
          case 'current':
            return (
              <strong
                key="current"
                className={line.promotional ? 'smc-price__current smc-price__current--promotional' : 'smc-price__current'}
              >
                {/* Not by its colour alone (WCAG 1.4.1; a contrast theme drops the colour): a
                    promotional price says so, in words everybody sees. */}
                {line.promotional && (
                  <>
                    <span className="smc-price__promotional">{t('price.promotional')}</span>{' '}
                  </>
                )}
                {line.amount}
              </strong>
            );
          case 'bestPrice':
            return <BestPrice key="best" line={line} t={t} />;
          case 'basePrice':
            return (
              <span key="base" className="smc-price__base">
                {line.amount} / {line.label}
              </span>
            );
        }
      })}
    </div>
  );
}

/**
 * The 30-day best price and, where the core's view says so, its "i": a disclosure button (WAI-ARIA
 * disclosure pattern) named by what it does (`price.bestPriceInfoLabel`, "Hinweis zum niedrigsten
 * Preis"), whose panel holds the explanation (`price.bestPriceInfo`) — not named by the
 * explanation itself, which a screen reader would otherwise hear twice.
 */
function BestPrice({ line, t }: { line: Extract<PriceLine, { kind: 'bestPrice' }>; t: Translate }) {
  const [infoOpen, setInfoOpen] = useState(false);
  const infoId = useId();
  const amount =
    line.differencePercentage === undefined
      ? line.amount
      : t('price.bestPriceDifference', { amount: line.amount, percentage: line.differencePercentage });
  return (
    <span className="smc-price__best">
      {t('price.bestPrice', { amount })}
      {line.tooltip && (
        <>
          {/* After a word joiner, the "i" stays on the line of the text's last word, never alone
              on a line of its own. */}
          <span className="smc-price__info-joint">
            {'\u2060'}
            <IconButton
              className="smc-price__info"
              aria-expanded={infoOpen}
              aria-controls={infoId}
              label={t('price.bestPriceInfoLabel')}
              icon={<span className="smc-price__info-icon">i</span>}
              onClick={() => setInfoOpen((open) => !open)}
            />
          </span>
          <span id={infoId} className="smc-price__info-text" hidden={!infoOpen}>
            {t('price.bestPriceInfo')}
          </span>
        </>
      )}
    </span>
  );
}
