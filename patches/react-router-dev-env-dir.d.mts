export function withEnvDir(code: string, file: "cli/index.js" | "vite.js"): string;
export function registerEnvDirPatch(): void;
