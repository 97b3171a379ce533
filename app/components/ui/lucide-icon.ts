/**
 * lucide-react's icon factory, rendered cheaply. Its own `Icon` rebuilds every icon's attributes
 * and children on each render (class names merged, attribute names mapped, a context read): on a
 * signed-in product page, with its forty icons, that was about 5 % of the server's CPU. This
 * factory builds an icon's class names and child elements once, when the icon's module loads,
 * and renders the same markup (app/components/icons.test.ts compares them prop by prop).
 *
 * The shop's icons (app/components/icons/, docs/decisions/084) are made by it.
 * Not supported: lucide's `LucideProvider`, which the shop does not use.
 */
import {
  createElement,
  type ForwardRefExoticComponent,
  forwardRef,
  type ReactElement,
  type ReactNode,
  type RefAttributes,
  type SVGProps,
} from "react";

type IconNode = [tag: string, attributes: Record<string, string | number>][];

type IconData = { name: string; size?: number; node: IconNode; aliases?: string[] };

type IconProps = Omit<SVGProps<SVGSVGElement>, "ref"> & {
  size?: string | number;
  absoluteStrokeWidth?: boolean;
  nonScalingStroke?: boolean;
};

const DEFAULT_SIZE = 24;
const DEFAULT_STROKE_WIDTH = 2;

function hasA11yProp(props: Record<string, unknown>) {
  for (const name in props) {
    if ((name.startsWith("aria-") || name === "role" || name === "title") && props[name] != null) {
      return true;
    }
  }
  return false;
}

function toKebabCase(name: string) {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
}

/** lucide's class list: duplicates dropped, first place kept. */
function classList(...lists: (string | undefined)[]) {
  const tokens = new Set<string>();
  for (const list of lists) {
    for (const token of list?.split(/\s+/) ?? []) if (token) tokens.add(token);
  }
  return [...tokens].join(" ");
}

function childElements(node: IconNode, nonScalingStroke: boolean) {
  return node.map(([tag, attributes]) =>
    createElement(
      tag,
      nonScalingStroke ? { vectorEffect: "non-scaling-stroke", ...attributes } : attributes,
    ),
  );
}

export default function createLucideIcon(
  iconDataOrName: IconData | string,
  iconNode: IconNode = [],
  aliases: string[] = [],
): ForwardRefExoticComponent<IconProps & RefAttributes<SVGSVGElement>> {
  const icon: IconData =
    typeof iconDataOrName === "string"
      ? { name: toKebabCase(iconDataOrName), size: DEFAULT_SIZE, node: iconNode, aliases }
      : iconDataOrName;
  const viewBoxSize = icon.size ?? DEFAULT_SIZE;
  const iconClasses = classList(
    "lucide",
    icon.name ? `lucide-${icon.name}` : undefined,
    ...(icon.aliases ?? [])
      .filter((alias) => alias.trim() !== "")
      .map((alias) => `lucide-${alias}`),
  );
  const children: ReactElement[] = childElements(icon.node, false);

  // biome-ignore lint/correctness/noComponentHookFactories: runs once per icon, when its module loads, as lucide's own factory does
  const Component = forwardRef<SVGSVGElement, IconProps>(function LucideIcon(
    {
      color,
      size,
      width,
      height,
      strokeWidth,
      absoluteStrokeWidth = false,
      nonScalingStroke = false,
      className,
      children: extra,
      ...rest
    },
    ref,
  ) {
    const stroke = strokeWidth ?? DEFAULT_STROKE_WIDTH;
    const displayedSize = size ?? DEFAULT_SIZE;
    const accessible = Boolean(extra) || hasA11yProp(rest);
    const extras: ReactNode[] = Array.isArray(extra) ? extra : [extra];
    return createElement(
      "svg",
      {
        ref,
        xmlns: "http://www.w3.org/2000/svg",
        width: width ?? displayedSize,
        height: height ?? displayedSize,
        viewBox: `0 0 ${viewBoxSize} ${viewBoxSize}`,
        fill: "none",
        stroke: color || "currentColor",
        strokeWidth: absoluteStrokeWidth
          ? (Number(stroke) * viewBoxSize) / Number(width ?? size ?? DEFAULT_SIZE)
          : stroke,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: className ? classList(iconClasses, className) : iconClasses,
        ...(accessible ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...(nonScalingStroke ? childElements(icon.node, true) : children),
      ...extras,
    );
  });
  Component.displayName = icon.name
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");
  return Component;
}
