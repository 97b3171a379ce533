import {
  Children,
  type ComponentProps,
  cloneElement,
  createContext,
  isValidElement,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useContext,
  useId,
} from "react";
import { cn } from "~/lib/cn";

/**
 * Tabs after the WAI-ARIA tabs pattern (automatic activation): the selected tab is the one Tab
 * stop of the list, arrow keys, Home and End move focus along it (wrapping) and select the tab
 * they reach. Written here rather than taken from Radix to keep its code off the first load of
 * the pages that use it (docs/decisions/029).
 */
type TabsState = { baseId: string; value: string; select: (value: string) => void };

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`<${part}> must be inside <Tabs>`);
  return state;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

export function Tabs({
  value,
  onValueChange,
  className,
  children,
}: {
  value: string;
  onValueChange: (value: string) => void;
  className?: string;
  children: ReactNode;
}) {
  const baseId = useId();
  return (
    <TabsContext.Provider value={{ baseId, value, select: onValueChange }}>
      <div dir="ltr" data-orientation="horizontal" className={cn("flex flex-col gap-3", className)}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

/** The key's target among the list's enabled tabs, or undefined when the key does not move. */
function tabToFocus(tabs: HTMLElement[], current: number, key: string): HTMLElement | undefined {
  switch (key) {
    case "ArrowRight":
      return tabs[(current + 1) % tabs.length];
    case "ArrowLeft":
      return tabs[(current - 1 + tabs.length) % tabs.length];
    case "Home":
    case "PageUp":
      return tabs[0];
    case "End":
    case "PageDown":
      return tabs[tabs.length - 1];
    default:
      return undefined;
  }
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<"div">) {
  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const tabs = [
      ...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not([disabled])'),
    ];
    const current = tabs.indexOf(event.target as HTMLElement);
    if (current === -1) return;
    const next = tabToFocus(tabs, current, event.key);
    if (!next) return;
    event.preventDefault();
    next.focus();
  }
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn(
        "inline-flex w-fit max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground",
        className,
      )}
      onKeyDown={moveFocus}
      {...props}
    />
  );
}

const triggerClass = cn(
  "inline-flex cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1.5 font-medium text-sm transition-colors hover:text-foreground",
  "data-[state=active]:bg-card data-[state=active]:text-primary data-[state=active]:shadow-sm",
  "disabled:pointer-events-none disabled:opacity-50",
);

type TriggerChildProps = {
  className?: string;
  onMouseDown?: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  onFocus?: () => void;
};

/**
 * A tab. With `asChild` its one child (a link, so the tab works before JavaScript) is the tab
 * itself; the child's own props win over the tab's, its handlers run first.
 */
export function TabsTrigger({
  value,
  asChild = false,
  disabled,
  className,
  children,
}: {
  value: string;
  asChild?: boolean;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { baseId, value: selected, select } = useTabs("TabsTrigger");
  const active = value === selected;
  const tab = {
    role: "tab",
    id: triggerId(baseId, value),
    "aria-selected": active,
    "aria-controls": contentId(baseId, value),
    "data-state": active ? "active" : "inactive",
    "data-orientation": "horizontal",
    tabIndex: active ? 0 : -1,
    className: cn(triggerClass, className),
  };
  const handlers = {
    onMouseDown: (event: MouseEvent<HTMLElement>) => {
      // A press selects at once; other buttons and a Ctrl-click keep their own meaning.
      if (disabled || event.button !== 0 || event.ctrlKey) return;
      select(value);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (!disabled && (event.key === " " || event.key === "Enter")) select(value);
    },
    // Arrow keys move focus; the tab that receives it is selected.
    onFocus: () => {
      if (!disabled && !active) select(value);
    },
  };
  if (asChild) {
    const child = Children.only(children);
    if (!isValidElement<TriggerChildProps>(child)) throw new Error("asChild needs one element");
    const own = child.props;
    return cloneElement(child as ReactElement<TriggerChildProps>, {
      ...tab,
      ...own,
      className: cn(tab.className, own.className),
      onMouseDown: (event) => {
        own.onMouseDown?.(event);
        if (!event.defaultPrevented) handlers.onMouseDown(event);
      },
      onKeyDown: (event) => {
        own.onKeyDown?.(event);
        if (!event.defaultPrevented) handlers.onKeyDown(event);
      },
      onFocus: () => {
        own.onFocus?.();
        handlers.onFocus();
      },
    });
  }
  return (
    <button type="button" disabled={disabled} {...tab} {...handlers}>
      {children}
    </button>
  );
}

/** A tab's panel; only the selected tab's is rendered, the others stay as empty hidden panels. */
export function TabsContent({
  value,
  className,
  children,
}: {
  value: string;
  className?: string;
  children: ReactNode;
}) {
  const { baseId, value: selected } = useTabs("TabsContent");
  const active = value === selected;
  return (
    <div
      role="tabpanel"
      id={contentId(baseId, value)}
      aria-labelledby={triggerId(baseId, value)}
      data-state={active ? "active" : "inactive"}
      data-orientation="horizontal"
      hidden={!active}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs: a panel is focusable when it holds nothing that is
      tabIndex={0}
      className={cn("flex-1", className)}
    >
      {active ? children : null}
    </div>
  );
}
