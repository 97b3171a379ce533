export * from "./accounts";
export * from "./catalog";
export * from "./commerce";
export * from "./content";
export * from "./inventory";
export * from "./jobs";
