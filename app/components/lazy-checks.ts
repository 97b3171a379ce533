import { useEffect, useState } from "react";

/**
 * A form's checks (its Zod schema, the same as the action's) loaded apart from the page, as soon
 * as a form that needs them is in the browser (docs/decisions/029). The hook gives `null` until
 * they are here, so the form checks on submit only (the server's answer) until then.
 */
export function lazyChecks<Checks>(load: () => Promise<Checks>): () => Checks | null {
  let loaded: Checks | null = null;
  let loading: Promise<Checks> | null = null;
  const start = () => {
    loading ??= load().then((checks) => {
      loaded = checks;
      return checks;
    });
    return loading;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: each form's checks are declared once, at module level
  return function useChecks() {
    const [checks, setChecks] = useState<Checks | null>(loaded);
    useEffect(() => {
      if (!checks) void start().then((arrived) => setChecks(() => arrived));
    }, [checks]);
    return checks;
  };
}

type CheckableForm = { validate: (options: { name: string }) => void };
type CheckableField = { name: string; dirty: boolean };

/**
 * Once a form's checks arrive, checks what the visitor already typed, as the form would have
 * had the checks been there: a message is never missing for text typed in the first moments.
 */
export function useCheckTypedOnArrival(
  ready: boolean,
  form: CheckableForm,
  fields: CheckableField[],
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the checks arrive
  useEffect(() => {
    if (!ready) return;
    for (const field of fields) if (field.dirty) form.validate({ name: field.name });
  }, [ready]);
}
