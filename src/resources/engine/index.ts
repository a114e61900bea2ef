/**
 * The resource engine: one declaration per resource (see README "Adding a resource").
 * Only what declarations and App need at start-up is exported here; views, the form
 * validator and address checks load with the screens.
 */
export { defineResource } from './defineResource';
export { registryOf, menuEntries } from './registry';
export { withResourceAccess } from './access';
export { REFERENCE_TARGETS } from './lookups';
export { DeclarationError } from './declarationError';
export type { Choice, MenuEntry, MenuGroup, ResourceDeclaration, ResourceDefinition, ViewName } from './types';
