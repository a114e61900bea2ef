/** Types of build/serverBuild.mjs (plain JavaScript: it runs before anything could compile it). */
export declare const SERVER_INPUTS: string[];
export declare const SERVER_OUT_DIR: string;
export declare const SERVER_ENTRY: string;
export declare const API_ENTRY: string;
export declare function compareServerInputs(
  root: string,
  outDir?: string,
  inputs?: string[],
): { changed: boolean; restated: boolean; hashed: number; stamp: string };
export declare function serverBuildIsCurrent(root: string, outDir?: string, inputs?: string[]): boolean;
export declare function buildServer(root: string, outDir?: string): Promise<void>;
export declare function ensureServerBuilt(root: string): Promise<{ entry: string; outcome: 'built' | 'up to date' }>;
