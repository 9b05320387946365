import { readFileSync } from 'node:fs';
import { setBuiltImages } from '../lib/images/responsive.ts';

/**
 * Build side of `src/lib/images/responsive.ts` (issue 14): the sites builder
 * draws the tenant's art before astro runs and names in env `TENANT_IMAGES`
 * a JSON file `{ "failed": [path, …] }` of the drawable paths it could not
 * draw. Without the variable (a bare `astro build`) no drawn copy exists and
 * the pages name the originals only. Imported for its effect by every
 * component that draws art (the header's logo is on every page).
 */
function readManifest(): { built: boolean; failed: string[] } {
  const path = process.env.TENANT_IMAGES || undefined;
  if (!path) return { built: false, failed: [] };
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as { failed?: unknown };
  const failed = Array.isArray(manifest.failed) ? manifest.failed.filter((entry): entry is string => typeof entry === 'string') : [];
  return { built: true, failed };
}

const manifest = readManifest();
setBuiltImages(manifest.built, manifest.failed);
