export * from './roleMask';
export * from './roles';
export * from './masks';
export * from './routeGroups';
export * from './routeTable';
export * from './canAccess';
export * from './menuRoutes';
export * from './policy';
