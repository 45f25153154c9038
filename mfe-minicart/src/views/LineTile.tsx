import { useRef } from 'react';
import type { DimensionView, LineView } from '@shop/core';
import type { Translate } from '@shop/texts';
import { Button, pushToDataLayer, useUi } from '@shop/ui';
import { PriceLines } from './PriceLines';

function Linked({
  href,
  className,
  decorative,
  onClick,
  children,
}: {
  href: string;
  className?: string;
  /** A second link to the same place (the picture): hidden from keyboard and screen readers. */
  decorative?: boolean;
  onClick?(): void;
  children: React.ReactNode;
}) {
  return href ? (
    <a href={href} className={className} tabIndex={decorative ? -1 : undefined} aria-hidden={decorative || undefined} onClick={onClick}>
      {children}
    </a>
  ) : (
    <span className={className}>{children}</span>
  );
}

/**
 * How long after a line's Remove was activated its Undo ignores a repeated activation (ms). Not
 * a shop rule but an interaction guard: Undo takes Remove's place in the same spot as soon as
 * the service confirms (a few ms locally) and keeps the focus, so the second click of a double
 * click (`detail` 2 and more), or a repeated Enter (`detail` 0), would otherwise land on Undo
 * and bring the line straight back. A fresh single click (`detail` 1) is a deliberate Undo and
 * acts at once. Longer than a double click's two clicks apart.
 */
export const UNDO_GUARD_AFTER_REMOVE_MS = 500;

/** A monotonic clock for the guard (a wall clock set back must not block Undo). */
const monotonicNow = () => performance.now();

/**
 * One cart line. A deleted line stays, struck through, with Undo in the place of Remove: one
 * button in one place, so keyboard focus stays on it through the change, and the line keeps its
 * size (the button is as wide as its wider word; "removed" stands under it).
 */
export function LineTile({
  line,
  t,
  onRemove,
  onUndo,
}: {
  line: LineView;
  t: Translate;
  onRemove(key: string): void;
  onUndo(key: string): void;
}) {
  const { core } = useUi();
  // When this line's Remove was last activated (see UNDO_GUARD_AFTER_REMOVE_MS).
  const removeActivatedAt = useRef<number | undefined>(undefined);
  const kindLabel = core.lineKindTextKey(line.kind);
  // Tracking (newsletter spec section 7): a product's link (a removal is tracked once confirmed).
  const trackLink = () => pushToDataLayer(core.trackingEvent('PRODUCT_LINK_CLICK', line.title));
  const classes = ['smc-line'];
  if (line.deleted) classes.push('smc-line--deleted');
  if (line.defective) classes.push('smc-line--defective');
  const undoShown = line.deleted && line.undoAvailable;
  const actionLabel = undoShown
    ? t('cart.undoItem', { title: line.title })
    : t('cart.removeItem', { title: line.title });
  // In flight: busy (spinner, clicks ignored) but kept focusable; a second click is refused anyway.
  const actionBusy = line.busy || (line.deleted && !line.undoAvailable);
  const deleteDisabled = line.deleteDisabled && !line.deleted;
  return (
    <li className={classes.join(' ')} data-line={line.key} aria-busy={line.busy || undefined}>
      <Linked href={line.linkUrl} className="smc-line__image" decorative onClick={trackLink}>
        {line.imageUrl ? <img src={line.imageUrl} alt="" width={72} height={72} loading="lazy" /> : null}
      </Linked>
      <div className="smc-line__body">
        {kindLabel && <span className="smc-line__kind">{t(kindLabel)}</span>}
        <Linked href={line.linkUrl} className="smc-line__title" onClick={trackLink}>
          {line.deleted ? <s>{line.title}</s> : line.title}
        </Linked>
        {line.dimensions.map((d, index) => (
          <span key={`${d.name}:${index}`} className="smc-line__dimension">
            {t('cart.dimension', { name: d.name })} <DimensionValue dimension={d} t={t} />
          </span>
        ))}
        {line.quantityShown && (
          <span className="smc-line__quantity">{t('cart.quantity', { quantity: line.quantity })}</span>
        )}
        {line.subscriptionArticles.length > 0 && (
          <ul className="smc-line__subscription">
            {line.subscriptionArticles.map((a, index) => (
              <li key={`${a.title}-${index}`}>
                {a.quantity} × {a.title} · {a.price} · {t(a.recurring ? 'cart.recurring' : 'cart.oneOff')}
              </li>
            ))}
          </ul>
        )}
        <PriceLines lines={line.priceLines} t={t} />
        {line.availabilityNote && (
          <p className="smc-line__note">{t(`cart.note.${line.availabilityNote}`)}</p>
        )}
        {line.defectiveHint && <p className="smc-line__hint">{t(`cart.hint.${line.defectiveHint}`)}</p>}
      </div>
      <div className="smc-line__actions">
        {!(line.deleted && !line.undoAvailable && !line.busy) && (
          <Button
            variant={undoShown ? 'primary' : 'secondary'}
            className="smc-line__action"
            aria-label={actionLabel}
            disabled={deleteDisabled}
            loading={actionBusy}
            onClick={(event) => {
              if (undoShown) {
                // Shown and focusable throughout; only a repeated activation this soon after Remove
                // is ignored (a fresh single click is not).
                const since = removeActivatedAt.current;
                const repeated = event.detail !== 1;
                if (repeated && since !== undefined && monotonicNow() - since < UNDO_GUARD_AFTER_REMOVE_MS) return;
                onUndo(line.key);
              } else {
                removeActivatedAt.current = monotonicNow();
                onRemove(line.key);
              }
            }}
          >
            {/* As wide as the wider of its two words, whichever shows: Undo taking Remove's place
                moves nothing beside it. */}
            <span className="smc-line__action-text">
              <span>{undoShown ? t('cart.undo') : t('cart.remove')}</span>
              <span className="smc-line__action-reserve" aria-hidden="true">
                {undoShown ? t('cart.remove') : t('cart.undo')}
              </span>
            </span>
          </Button>
        )}
        {/* Beside the text, under the button: the removed line keeps its height. */}
        {line.deleted && <span className="smc-line__removed">{t('cart.removed')}</span>}
      </div>
    </li>
  );
}

/**
 * A dimension's value as the core's view says (header spec section 3: TEXT, COLOR or IMAGE): its
 * words, a swatch of its colour (an SVG fill, so no inline style is needed), or its picture. The
 * service sends a colour code or a picture's address and no words for them, so a swatch and a
 * picture are named by what they are (after the dimension's name: "Farbe: Farbfeld"), never by
 * the code or address.
 */
function DimensionValue({ dimension, t }: { dimension: DimensionView; t: Translate }) {
  if (dimension.color) {
    const label = t('cart.dimensionColor');
    return (
      // Named by its <title> alone: an aria-label besides would make the title its description,
      // and the name would be heard twice.
      <svg className="smc-line__swatch" width="14" height="14" viewBox="0 0 14 14" role="img">
        <title>{label}</title>
        <rect x="0.5" y="0.5" width="13" height="13" rx="3" fill={dimension.color} />
      </svg>
    );
  }
  if (dimension.imageUrl) {
    return (
      <img className="smc-line__dimension-image" src={dimension.imageUrl} alt={t('cart.dimensionImage')} width={20} height={20} loading="lazy" />
    );
  }
  return <>{dimension.text}</>;
}
