/** Types of build/inputStamp.mjs (plain JavaScript: build/serverBuild.mjs uses it before anything could compile it). */
export declare function inputFiles(root: string, inputs: string[], skip?: string[]): string[];
export declare function compareInputs(
  root: string,
  files: string[],
  previous: string | undefined,
  context?: string,
): { changed: boolean; restated: boolean; hashed: number; stamp: string };
