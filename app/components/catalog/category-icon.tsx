import {
  Bone,
  Brain,
  Flower2,
  HeartPulse,
  type Icon,
  Leaf,
  Shield,
  Smile,
  Sparkles,
  Wind,
} from "~/components/icons";

/** docs/SPEC.md §3: icons for both sets of category slugs (home page and category page). */
const ICONS: Record<string, Icon> = {
  "immunity-boosters": Shield,
  immunity: Shield,
  "stress-relief": Smile,
  brain: Brain,
  "digestive-health": Leaf,
  digestion: Leaf,
  "joint-care": Bone,
  "heart-health": HeartPulse,
  heart: HeartPulse,
  "skin-care": Sparkles,
  skincare: Sparkles,
  "womens-health": Flower2,
  "respiratory-care": Wind,
  wellness: Flower2,
};

export function CategoryIcon({ slug, className }: { slug: string; className?: string }) {
  const Icon = ICONS[slug] ?? Leaf;
  return <Icon className={className} aria-hidden="true" />;
}
