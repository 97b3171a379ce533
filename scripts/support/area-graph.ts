/** The areas' graph as docs/areas.md writes it: a table of "| area | may import, ... |" rows. */
export function areaGraphOf(markdown: string) {
  const graph = new Map<string, Set<string>>();
  const section = markdown.slice(markdown.indexOf("## The graph"));
  for (const [, area, imports] of section.matchAll(/^\| ([a-z][a-z-]*) +\|([^|]*)\|$/gm)) {
    const allowed = imports!
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean);
    graph.set(area!, new Set(allowed));
  }
  return graph;
}

/** The first cycle found, as the areas along it, or null when there is none. */
export function areaCycle(graph: Map<string, Set<string>>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (area: string): string[] | null => {
    const start = path.indexOf(area);
    if (start >= 0) return [...path.slice(start), area];
    if (done.has(area)) return null;
    path.push(area);
    for (const next of graph.get(area) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(area);
    return null;
  };
  for (const area of graph.keys()) {
    const cycle = visit(area);
    if (cycle) return cycle;
  }
  return null;
}

/** The other areas a module of `area` imports, by either spelling of the path. */
export function importedAreas(source: string, area: string) {
  const found = new Set<string>();
  for (const [, other] of source.matchAll(/from "(?:\.\.\/|~\/modules\/)([a-z-]+)\//g)) {
    if (other !== area) found.add(other!);
  }
  return found;
}
