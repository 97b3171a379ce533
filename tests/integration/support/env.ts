import { vi } from "vitest";

/**
 * Runs `run` with a module loaded fresh under extra environment variables. getEnv() caches the
 * environment in its module and has no reset, so the module graph is reset instead; the database,
 * auth, mailer and secret live on globalThis and are shared with the fresh modules.
 */
export async function withEnv<T>(
  values: Record<string, string>,
  load: () => Promise<T>,
  run: (mod: T) => Promise<void>,
) {
  const saved = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  Object.assign(process.env, values);
  vi.resetModules();
  try {
    await run(await load());
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    vi.resetModules();
  }
}
