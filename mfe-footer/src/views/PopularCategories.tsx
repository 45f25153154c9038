/**
 * The popular-categories panel (the document's `seo`): an expansion panel with columns of
 * category links; expanded at start unless the viewport is narrow, a smartphone or MATCH. The
 * reduced footer has none (the core leaves `seo` out).
 */
import type { SeoPanel } from '@shop/core';
import { ExpansionPanel } from '@shop/ui';
import { LinkList } from './TargetLink';

export function PopularCategories({ seo, expanded, basePath }: { seo?: SeoPanel; expanded: boolean; basePath?: string }) {
  if (!seo || seo.columns.length === 0) return null;
  return (
    <ExpansionPanel className="sft-seo" headingLevel={2} defaultExpanded={expanded} title={seo.heading ?? ''}>
      <div className="sft-seo__columns">
        {seo.columns.map((column, index) => (
          <LinkList key={index} links={column} basePath={basePath} />
        ))}
      </div>
    </ExpansionPanel>
  );
}
