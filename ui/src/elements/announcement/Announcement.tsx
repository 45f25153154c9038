/**
 * One announcement in a live region (`role="status"` or `"alert"`, which the caller keeps in the
 * document). A live region speaks when its content changes, so the same words coming again (the
 * same article removed once more, a new answer with the same number of suggestions) would be
 * kept quiet: each announcement (`serial`) is a new node, which the region reads as an addition.
 */
import type { ReactNode } from 'react';

export interface AnnouncementProps {
  /** A different value for each announcement, also when its words are the same. */
  serial: number | string;
  children: ReactNode;
}

export function Announcement({ serial, children }: AnnouncementProps) {
  return <span key={serial}>{children}</span>;
}
