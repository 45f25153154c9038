/**
 * A category's flyout (header spec section 2 "Main navigation bar", section 4 "Drill-down items
 * toggle between selected and unselected; selecting a child collapses its siblings"): a
 * drill-down list of the category's children with the teaser area.
 *
 * - The selection is an index path from the categories down (`[2, 0, 1]`), as the core writes
 *   it. On mount it is the core's preselection (`selectedPath` for the current path) when that
 *   lies in this category, else the category itself. A click on an item with children asks the
 *   core (`toggleDrilldown`): an unselected item becomes the selection (its siblings collapse),
 *   a selected one closes with its descendants.
 * - An item with children is a disclosure button (`aria-expanded`, `aria-controls`) followed,
 *   when open, by its "show all" link (its own page) and its children; a leaf is a link; a leaf
 *   without a link is plain text. The link of the current page (also the category's own "show
 *   all") has `aria-current="page"`, the items on the way to it `aria-current="true"`.
 * - A teaser picture whose alt repeats the teaser's title or call to action is decorative (empty
 *   alt), so the link's name does not say it twice.
 * - Every link click is tracked with the titles of its path (`Kaffee>Espresso>Bohnen`).
 */
import { useId, useState } from 'react';
import type { Core, NavNode, NavTarget, Teaser } from '@shop/core';
import { useUi } from '@shop/ui';
import type { Translate } from '@shop/texts';
import { TeaserPicture } from './TeaserPicture';

export interface CategoryFlyoutProps {
  category: NavNode;
  /** The category's position among the categories: the first step of every path below. */
  index: number;
  /** The path of the current page (`selectedPath`), `[]` when it is not in the tree. */
  currentPath: readonly number[];
  /** A link was clicked: track it with these labels (the link is followed). */
  onFollow(labels: string[]): void;
  t: Translate;
}

const startsWith = (path: readonly number[], prefix: readonly number[]) =>
  prefix.length <= path.length && prefix.every((step, i) => path[i] === step);
const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && startsWith(a, b);

/** Whether `alt` says what one of `words` says already (ignoring case and surrounding space). */
const repeats = (alt: string | undefined, words: (string | undefined)[]) => {
  const said = alt?.trim().toLowerCase();
  return !!said && words.some((word) => word?.trim().toLowerCase() === said);
};

/** `target` and `rel` of a link the service opens in a new tab (`_blank`): the core's new-tab `rel`. */
export const targetOf = (core: Core, href: string, target: NavTarget | undefined) =>
  target === '_blank' ? { target: '_blank', rel: core.linkTarget(href, true)?.rel } : {};

/**
 * What a link the service opens in a new tab adds to its name, in the design system's words
 * (`TextLink`'s: "(öffnet in einem neuen Tab)"), with its leading space; nothing for another link.
 */
export function useNewTabNote(): (target: NavTarget | undefined) => string {
  const { t } = useUi();
  return (target) => (target === '_blank' ? ` ${t('ui.link.newTab')}` : '');
}

/** The new-tab note (`useNewTabNote`) as a screen reader's part of a link's content. */
export function NewTabNote({ target }: { target: NavTarget | undefined }) {
  const note = useNewTabNote()(target);
  return note ? <span className="sui-visually-hidden">{note}</span> : null;
}

interface ListProps {
  nodes: NavNode[];
  path: number[];
  labels: string[];
  selected: readonly number[];
  currentPath: readonly number[];
  onToggle(path: number[]): void;
  onFollow(labels: string[]): void;
  t: Translate;
}

function DrilldownList({ nodes, path, labels, selected, currentPath, onToggle, onFollow, t }: ListProps) {
  const { core } = useUi();
  const newTabNote = useNewTabNote();
  const baseId = useId();
  return (
    <ul className={`shd-nav__list shd-nav__list--level-${path.length}`}>
      {nodes.map((node, i) => {
        const nodePath = [...path, i];
        const nodeLabels = [...labels, node.title];
        const current = same(currentPath, nodePath) ? ('page' as const) : undefined;
        if (node.children.length === 0) {
          return (
            <li key={i} className="shd-nav__item">
              {node.href ? (
                <a
                  className="shd-nav__item-link"
                  href={node.href}
                  aria-current={current}
                  {...targetOf(core, node.href, node.target)}
                  onClick={() => onFollow(nodeLabels)}
                >
                  {node.title}
                  <NewTabNote target={node.target} />
                </a>
              ) : (
                <span className="shd-nav__item-text">{node.title}</span>
              )}
            </li>
          );
        }
        const expanded = startsWith(selected, nodePath);
        const groupId = `${baseId}-${i}`;
        return (
          <li
            key={i}
            className={expanded ? 'shd-nav__item shd-nav__item--expanded' : 'shd-nav__item'}
            data-selected={expanded ? 'true' : undefined}
          >
            <button
              type="button"
              className="shd-nav__item-toggle"
              aria-expanded={expanded}
              aria-current={startsWith(currentPath, nodePath) ? 'true' : undefined}
              aria-controls={groupId}
              onClick={() => onToggle(nodePath)}
            >
              {node.title}
            </button>
            <div id={groupId} className="shd-nav__group" hidden={!expanded}>
              {node.href && (
                <a
                  className="shd-nav__show-all"
                  href={node.href}
                  aria-label={t('navigation.showAllOf', { title: node.title }) + newTabNote(node.target)}
                  aria-current={current}
                  {...targetOf(core, node.href, node.target)}
                  onClick={() => onFollow(nodeLabels)}
                >
                  {t('navigation.showAll')}
                </a>
              )}
              <DrilldownList
                nodes={node.children}
                path={nodePath}
                labels={nodeLabels}
                selected={selected}
                currentPath={currentPath}
                onToggle={onToggle}
                onFollow={onFollow}
                t={t}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function TeaserArea({ teaser, labels, onFollow, t }: { teaser: Teaser; labels: string[]; onFollow(labels: string[]): void; t: Translate }) {
  const { core } = useUi();
  const headingId = useId();
  return (
    <section
      className="shd-nav__teasers"
      aria-labelledby={teaser.title ? headingId : undefined}
    >
      {teaser.title && (
        <h2 id={headingId} className="shd-nav__teasers-title">
          {teaser.title}
        </h2>
      )}
      <ul className="shd-nav__teaser-list">
        {teaser.list.map((entry, i) => {
          const title = entry.title ?? entry.link.title ?? entry.image?.alt ?? '';
          return (
            <li key={i} className="shd-nav__teaser">
              <a
                className="shd-nav__teaser-link"
                href={entry.link.url}
                {...targetOf(core, entry.link.url, entry.link.target)}
                onClick={() => onFollow([...labels, title])}
              >
                {entry.image && (
                  <TeaserPicture
                    src={entry.image.src}
                    // An alt that repeats the link's own words is left out: it would be read
                    // twice ("Espresso Espresso Jetzt entdecken").
                    alt={repeats(entry.image.alt, [entry.title, entry.link.title]) ? '' : entry.image.alt}
                    width={entry.image.width}
                    height={entry.image.height}
                  />
                )}
                {entry.title && <span className="shd-nav__teaser-title">{entry.title}</span>}
                {entry.link.title && <span className="shd-nav__teaser-cta">{entry.link.title}</span>}
                <NewTabNote target={entry.link.target} />
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function CategoryFlyout({ category, index, currentPath, onFollow, t }: CategoryFlyoutProps) {
  const { core } = useUi();
  const newTabNote = useNewTabNote();
  const [selected, setSelected] = useState<number[]>(() =>
    currentPath[0] === index ? [...currentPath] : [index],
  );
  const labels = [category.title];
  const toggle = (clicked: number[]) => setSelected((previous) => core.toggleDrilldown(previous, clicked));
  return (
    <div className="shd-nav__category">
      <div className="shd-nav__drilldown">
        {category.href && (
          <a
            className="shd-nav__show-all shd-nav__show-all--category"
            href={category.href}
            aria-label={t('navigation.showAllOf', { title: category.title }) + newTabNote(category.target)}
            aria-current={same(currentPath, [index]) ? 'page' : undefined}
            {...targetOf(core, category.href, category.target)}
            onClick={() => onFollow(labels)}
          >
            {t('navigation.showAll')}
          </a>
        )}
        {category.children.length > 0 && (
          <DrilldownList
            nodes={category.children}
            path={[index]}
            labels={labels}
            selected={selected}
            currentPath={currentPath}
            onToggle={toggle}
            onFollow={onFollow}
            t={t}
          />
        )}
      </div>
      {category.teaser && <TeaserArea teaser={category.teaser} labels={labels} onFollow={onFollow} t={t} />}
    </div>
  );
}
