export declare const PINNED_NODE: string;
export declare const PINNED_MAJOR: number;
export declare function nodeMajor(version?: string): number;
export declare function requirePinnedNode(what: string): void;
