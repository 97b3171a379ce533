import { Printer } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";

/**
 * A printable page's way back and its Print button (the browser's print dialog). Before
 * JavaScript runs there is no button to press, so it says how to print instead. Not printed.
 */
export function PrintControls({ back }: { back: { href: string; label: string } }) {
  const hydrated = useHydrated();
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
      <a href={back.href} className="text-primary underline">
        {back.label}
      </a>
      {hydrated ? (
        <Button type="button" onClick={() => window.print()}>
          <Printer aria-hidden="true" /> Print
        </Button>
      ) : (
        <p className="text-muted-foreground">Use your browser's Print command to print.</p>
      )}
    </div>
  );
}
