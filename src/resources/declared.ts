import { addDeclaredRoute } from '../access/routeTable';
import { checkSelfContained } from './engine/checkDeclaration';
import type { ResourceDeclaration } from './engine/types';

/**
 * The self-contained declarations, `src/resources/<name>/resource.ts` (README "Adding a
 * resource"): found by their file name, so adding one edits no list. Small enough for the
 * start-up (no React, no zod; the icon loads with the menu): their routes are guarded from the
 * first page, so a link to one leads through sign-in like any other route.
 */
const files = import.meta.glob<ResourceDeclaration>('./*/resource.ts', { eager: true, import: 'default' });

export const declaredResources: readonly ResourceDeclaration[] = Object.values(files);

// Checked as the server checks them (server/modules/declared/discover.ts): a mistake stops the start-up.
for (const [file, declaration] of Object.entries(files)) checkSelfContained(declaration, `src/resources/${file.slice(2)}`);

for (const declaration of declaredResources) {
  if (typeof declaration.route === 'string') continue;
  addDeclaredRoute({ ...declaration.route, labelKey: `resources.${declaration.name}.name` });
}
