import { defineResource, menuEntries, registryOf } from './engine';
import { addDeclaredTexts } from './engine/declaredTexts';
import { declaredResources } from './declared';
import { i18n } from '../i18n/i18nProvider';
import { multisig } from './multisig';
import { auditLog } from './auditLog';
import { signListEndpoints } from './multisig/signLists';

/**
 * Every declared resource, once: App mounts `<Resource {...r.props} />` for each, the
 * dataProvider registry, the access rules and the menu entries all come from this list. The
 * resources with a module of their own are listed here; the self-contained declarations
 * (`<name>/resource.ts`) are found by their file name.
 */
export const resources = [...[multisig, auditLog], ...declaredResources.map(defineResource)];

addDeclaredTexts(i18n, declaredResources);

/** The declared resources' endpoints, and the multisig lists that are no screen (src/resources/multisig/signLists.ts). */
export const resourceRegistry = { ...registryOf(resources), ...signListEndpoints };
export const resourceMenu = menuEntries(resources);
