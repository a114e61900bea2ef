import { isGenericApi, type ModuleApi, type ResourceDeclaration, type ResourceSchemas } from '../../../src/resources/engine/types';
import { DeclarationError } from '../../../src/resources/engine/declarationError';
import type { ModuleService } from './moduleService';
import { declaredResources } from './discover';
import { importModuleFile } from '../moduleFiles';

export interface ModuleResource {
  declaration: ResourceDeclaration & { api: ModuleApi };
  service: ModuleService;
  schemas: ResourceSchemas;
}

/** The service a declaration names (`server/modules/<module>/service.ts`): a missing one stops the start-up. */
async function serviceOf(declaration: ResourceDeclaration & { api: ModuleApi }): Promise<ModuleService> {
  const service = await importModuleFile<ModuleService>(declaration.api.module, 'service');
  if (!service)
    throw new DeclarationError(
      `resource '${declaration.name}': api.module '${declaration.api.module}' has no server/modules/${declaration.api.module}/service.ts`,
    );
  return service;
}

const byModule = (d: ResourceDeclaration): d is ResourceDeclaration & { api: ModuleApi } => d.api !== undefined && !isGenericApi(d.api);

/** The declarations their module serves, each with its service and its schemas, read before the routes are registered. */
export const moduleResources: readonly ModuleResource[] = await Promise.all(
  declaredResources.filter(byModule).map(async (declaration) => ({
    declaration,
    service: await serviceOf(declaration),
    schemas: (await declaration.schema?.()) ?? {},
  })),
);
