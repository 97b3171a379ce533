/**
 * One value per process, however many copies of a module the process has loaded (development
 * reloads, the server build's two entries): kept on globalThis under `name`, made on first use.
 */
export function singleton<Value>(name: string, create: () => Value): Value {
  const holder = globalThis as typeof globalThis & { __shopSingletons?: Map<string, unknown> };
  holder.__shopSingletons ??= new Map();
  if (!holder.__shopSingletons.has(name)) holder.__shopSingletons.set(name, create());
  return holder.__shopSingletons.get(name) as Value;
}
