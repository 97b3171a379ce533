import { type ComponentType, lazy, Suspense } from "react";

/**
 * A part of the page whose code is left out of the first load (docs/decisions/029), loaded
 * through `import()` as soon as the module that declares it runs.
 *
 * The server renders it in full: its own bundle holds the code, which is ready long before the
 * first request, so the HTML is complete and works before JavaScript. The browser keeps that HTML
 * and hydrates the part when its code arrives (React hydrates a Suspense boundary on its own).
 */
export function deferred<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const loading = load().then((component) => ({ default: component }));
  const Lazy = lazy(() => loading);
  let Loaded: ComponentType<Props> | null = null;
  if (import.meta.env.SSR) {
    void loading.then((module) => {
      Loaded = module.default;
    });
  }
  // biome-ignore lint/correctness/noComponentHookFactories: each part is declared once, at module level
  return function Deferred(props: Props) {
    const Part = Loaded ?? Lazy;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}
