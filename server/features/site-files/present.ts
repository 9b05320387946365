import { siteFilePath, type SiteFileView } from '../../../src/contract/site-files.ts';
import { siteFiles } from './schema.ts';

/** The columns a view needs: never `bytes`, so lists and answers read no image data. */
export const VIEW_COLUMNS = {
  name: siteFiles.name,
  contentType: siteFiles.contentType,
  width: siteFiles.width,
  height: siteFiles.height,
  size: siteFiles.size,
  createdAt: siteFiles.createdAt,
};

export type SiteFileViewRow = { name: string; contentType: string; width: number; height: number; size: number; createdAt: Date };

export function toSiteFileView(row: SiteFileViewRow): SiteFileView {
  return { name: row.name, path: siteFilePath(row.name), contentType: row.contentType, width: row.width, height: row.height, size: row.size, createdAt: row.createdAt.toISOString() };
}
