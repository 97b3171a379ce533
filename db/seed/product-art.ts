/**
 * Generated packaging art for seed products: a square SVG "product shot" drawn from the product's
 * name, form and category. Rendered by sharp (librsvg), so it uses only basic shapes, gradients
 * and text in generic font families, with no external resources. Deterministic: every variation
 * is derived from a hash of the slug.
 */
import type { ProductForm } from "./catalog-data";

type Palette = {
  /** Background gradient, light to deeper. */
  bg1: string;
  bg2: string;
  /** Main brand colour for caps, bands and accents. */
  accent: string;
  /** Dark shade for text and deep bands. */
  deep: string;
  /** Light tint used on the label. */
  tint: string;
  /** Background botanical colour. */
  leaf: string;
};

const PALETTES: Record<string, Palette> = {
  // turmeric / saffron
  "immunity-boosters": {
    bg1: "#FFF6E0",
    bg2: "#F5C878",
    accent: "#D9782B",
    deep: "#6E3410",
    tint: "#FDEBCB",
    leaf: "#B7791F",
  },
  // indigo / lavender
  "stress-relief": {
    bg1: "#F1EFFB",
    bg2: "#B8B2E4",
    accent: "#5A55A8",
    deep: "#2A2764",
    tint: "#E6E3F7",
    leaf: "#6F69B8",
  },
  // leaf greens
  "digestive-health": {
    bg1: "#F0F7E6",
    bg2: "#B3D69A",
    accent: "#3F7F3A",
    deep: "#1E4420",
    tint: "#E2F0D4",
    leaf: "#4E8F45",
  },
  // terracotta
  "joint-care": {
    bg1: "#FCEEE5",
    bg2: "#E6A384",
    accent: "#B4532E",
    deep: "#5C2414",
    tint: "#F8DFD2",
    leaf: "#A65A3A",
  },
  // deep red
  "heart-health": {
    bg1: "#FDEDEE",
    bg2: "#EBA3AB",
    accent: "#A8303E",
    deep: "#54141E",
    tint: "#F9DDE0",
    leaf: "#9A3B47",
  },
  // rose
  "skin-care": {
    bg1: "#FFF1F2",
    bg2: "#F2B9C4",
    accent: "#C0577A",
    deep: "#66213D",
    tint: "#FBE1E8",
    leaf: "#B8607C",
  },
  // plum
  "womens-health": {
    bg1: "#F9EEF7",
    bg2: "#D8A6CD",
    accent: "#8E3B7E",
    deep: "#451940",
    tint: "#F1DDEC",
    leaf: "#8C4A80",
  },
  // teal
  "respiratory-care": {
    bg1: "#EAF7F7",
    bg2: "#98D0D3",
    accent: "#2A7F87",
    deep: "#123F45",
    tint: "#D8EFF0",
    leaf: "#32858B",
  },
};

const FALLBACK_PALETTES: Palette[] = Object.values(PALETTES);

const CATEGORY_LABELS: Record<string, string> = {
  "immunity-boosters": "Immunity Booster",
  "stress-relief": "Stress Relief",
  "digestive-health": "Digestive Health",
  "joint-care": "Joint Care",
  "heart-health": "Heart Health",
  "skin-care": "Skin Care",
  "womens-health": "Women's Health",
  "respiratory-care": "Respiratory Care",
};

const FORM_LABELS: Record<ProductForm, string> = {
  tablet: "Tablets",
  syrup: "Syrup",
  churna: "Churna",
  oil: "Taila",
  capsule: "Capsules",
  kalpa: "Kalpa",
  cream: "Cream",
  juice: "Juice",
};

const SERIF = "serif";
const SANS = "sans-serif";
const GOLD = "#E9C46A";

/** FNV-1a 32-bit. */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Small deterministic PRNG (mulberry32) seeded from the slug hash. */
function makeRandom(seed: number): () => number {
  let a = seed || 1;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function escapeXml(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function n(v: number): string {
  return String(Math.round(v * 10) / 10);
}

/** Rough advance width of a character in a bold serif face, in em. Errs on the wide side. */
function charWidthEm(ch: string): number {
  if (ch === " ") return 0.34;
  if ("iljtfrI.,:;'!|()-".includes(ch)) return 0.44;
  if ("mwMW".includes(ch)) return 1.04;
  if (ch >= "A" && ch <= "Z") return 0.8;
  if (ch >= "0" && ch <= "9") return 0.72;
  return 0.69;
}

function textWidth(s: string, fontSize: number, letterSpacing = 0): number {
  let w = 0;
  for (const ch of s) w += charWidthEm(ch) * fontSize + letterSpacing;
  return w;
}

/** Greedy word wrap; returns null if a single word is wider than the line. */
function wrapWords(words: string[], fontSize: number, maxWidth: number): string[] | null {
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    if (textWidth(word, fontSize) > maxWidth) return null;
    const candidate = current ? `${current} ${word}` : word;
    if (textWidth(candidate, fontSize) <= maxWidth) {
      current = candidate;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * Picks the largest font size at which the name fits in at most `maxLines` lines within the box;
 * at the minimum size, overlong names are cut with an ellipsis.
 */
function fitName(
  name: string,
  maxWidth: number,
  maxHeight: number,
  maxFont: number,
  minFont: number,
  maxLines = 3,
): { lines: string[]; fontSize: number } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { lines: [""], fontSize: minFont };
  for (let fs = maxFont; fs >= minFont; fs -= 2) {
    const lines = wrapWords(words, fs, maxWidth);
    if (lines && lines.length <= maxLines && lines.length * fs * 1.12 <= maxHeight) {
      return { lines, fontSize: fs };
    }
  }
  // Fallback at the minimum size: wrap by words, breaking only words that are too long on their
  // own, then cut to maxLines with an ellipsis.
  const fs = minFont;
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    if (textWidth(word, fs) <= maxWidth) {
      const candidate = current ? `${current} ${word}` : word;
      if (textWidth(candidate, fs) <= maxWidth) {
        current = candidate;
      } else {
        lines.push(current);
        current = word;
      }
      continue;
    }
    if (current) lines.push(current);
    current = "";
    for (const ch of word) {
      if (current && textWidth(current + ch, fs) > maxWidth) {
        lines.push(current);
        current = ch;
      } else {
        current += ch;
      }
    }
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    let last = kept[maxLines - 1]!;
    while (last.length > 1 && textWidth(`${last}…`, fs) > maxWidth) last = last.slice(0, -1);
    kept[maxLines - 1] = `${last.trimEnd()}…`;
    return { lines: kept, fontSize: fs };
  }
  return { lines, fontSize: fs };
}

/** A single leaf pointing along +x from the origin, with a midrib. */
function leafPath(length: number, width: number): string {
  const l = length;
  const w = width;
  return `M0 0 C ${n(l * 0.25)} ${n(-w)}, ${n(l * 0.75)} ${n(-w * 0.9)}, ${n(l)} 0 C ${n(l * 0.75)} ${n(w * 0.9)}, ${n(l * 0.25)} ${n(w)}, 0 0 Z`;
}

/** Small three-leaf sprig centred on (x, y), used on labels. */
function leafMotif(x: number, y: number, scale: number, color: string, vein: string): string {
  const leaf = leafPath(44, 13);
  const rib = `M2 0 L40 0`;
  const one = (rot: number) =>
    `<g transform="rotate(${rot})"><path d="${leaf}" fill="${color}"/><path d="${rib}" stroke="${vein}" stroke-width="1.6" fill="none" stroke-linecap="round"/></g>`;
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${n(scale)})">
    <path d="M0 14 L0 -2" stroke="${color}" stroke-width="3" stroke-linecap="round"/>
    ${one(-90)}
    <g transform="translate(0 6)">${one(-150)}${one(-30)}</g>
  </g>`;
}

/** A curved botanical branch for the background. */
function branch(
  rnd: () => number,
  x: number,
  y: number,
  angle: number,
  length: number,
  color: string,
  opacity: number,
): string {
  const bend = (rnd() - 0.5) * 0.5 * length;
  const stem = `M0 0 Q ${n(length / 2)} ${n(bend)} ${n(length)} 0`;
  const leaves: string[] = [];
  const count = 5 + Math.floor(rnd() * 3);
  for (let i = 0; i < count; i++) {
    const t = (i + 1) / (count + 1);
    // point on the quadratic curve
    const px = length * t;
    const py = 2 * (1 - t) * t * bend;
    const side = i % 2 === 0 ? -1 : 1;
    const rot = side * (40 + rnd() * 20);
    const ll = length * (0.22 + rnd() * 0.08) * (1 - t * 0.35);
    leaves.push(
      `<path d="${leafPath(ll, ll * 0.3)}" transform="translate(${n(px)} ${n(py)}) rotate(${n(rot)})"/>`,
    );
  }
  leaves.push(
    `<path d="${leafPath(length * 0.2, length * 0.06)}" transform="translate(${n(length)} 0) rotate(${n((rnd() - 0.5) * 30)})"/>`,
  );
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})" opacity="${opacity}" fill="${color}">
    <path d="${stem}" stroke="${color}" stroke-width="${n(length / 90)}" fill="none" stroke-linecap="round"/>
    ${leaves.join("")}
  </g>`;
}

type Rect = { x: number; y: number; w: number; h: number; rx: number };

type Ctx = {
  id: (name: string) => string;
  p: Palette;
  rnd: () => number;
  name: string;
  form: ProductForm;
  categorySlug: string;
};

/** Horizontal shading that makes a flat shape read as a cylinder. */
function cylinderGradient(id: string, stops: [number, string, number][]): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">${stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`)
    .join("")}</linearGradient>`;
}

function shadeStops(): [number, string, number][] {
  return [
    [0, "#000000", 0.32],
    [0.12, "#000000", 0.08],
    [0.3, "#FFFFFF", 0.18],
    [0.42, "#FFFFFF", 0.04],
    [0.75, "#000000", 0.04],
    [0.92, "#000000", 0.2],
    [1, "#000000", 0.38],
  ];
}

/** The printed label: brand band, leaf motif, wrapped product name, category and form. */
function label(ctx: Ctx, r: Rect, opts: { compact?: boolean } = {}): string {
  const { p, id } = ctx;
  const compact = opts.compact ?? false;
  const bandH = compact ? r.h * 0.2 : Math.min(r.h * 0.18, 64);
  const brandSize = Math.min(bandH * 0.48, r.w * 0.075);
  const motifY = r.y + bandH + (compact ? 20 : 34);
  const footerH = compact ? r.h * 0.2 : Math.min(r.h * 0.2, 70);
  const nameTop = motifY + (compact ? 14 : 26);
  const nameBottom = r.y + r.h - footerH - (compact ? 4 : 10);
  const maxW = r.w * 0.84;
  const fit = fitName(
    ctx.name,
    maxW,
    nameBottom - nameTop,
    compact ? 40 : 60,
    compact ? 18 : 22,
    3,
  );
  const lineH = fit.fontSize * 1.12;
  const blockH = fit.lines.length * lineH;
  const firstBaseline = nameTop + (nameBottom - nameTop - blockH) / 2 + fit.fontSize * 0.86;
  const cx = r.x + r.w / 2;
  const nameText = fit.lines
    .map(
      (line, i) =>
        `<text x="${n(cx)}" y="${n(firstBaseline + i * lineH)}" text-anchor="middle" font-family="${SERIF}" font-weight="bold" font-size="${fit.fontSize}" fill="${p.deep}">${escapeXml(line)}</text>`,
    )
    .join("");
  const category = (CATEGORY_LABELS[ctx.categorySlug] ?? "Ayurvedic Care").toUpperCase();
  const catSize = Math.min(compact ? 15 : 19, (r.w * 0.72) / (category.length * 0.88));
  const footerY = r.y + r.h - footerH;
  const formText = `Ayurvedic ${FORM_LABELS[ctx.form]}`;
  const formSize = compact ? 13 : Math.min(17, footerH * 0.26);
  return `<g>
    <rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.w)}" height="${n(r.h)}" rx="${r.rx}" fill="#FFFDF6"/>
    <rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.w)}" height="${n(r.h)}" rx="${r.rx}" fill="url(#${id("labelTint")})"/>
    <rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.w)}" height="${n(bandH)}" rx="${r.rx}" fill="${p.deep}"/>
    <rect x="${n(r.x)}" y="${n(r.y + bandH - r.rx - 1)}" width="${n(r.w)}" height="${n(r.rx + 1)}" fill="${p.deep}"/>
    <rect x="${n(r.x)}" y="${n(r.y + bandH)}" width="${n(r.w)}" height="3" fill="${GOLD}"/>
    <text x="${n(cx)}" y="${n(r.y + bandH / 2 + brandSize * 0.36)}" text-anchor="middle" font-family="${SERIF}" font-style="italic" font-weight="bold" font-size="${n(brandSize)}" fill="${GOLD}" letter-spacing="${n(brandSize * 0.04)}">Satara Ayurveda</text>
    ${leafMotif(cx, motifY, compact ? 0.42 : 0.6, p.accent, "#FFFDF6")}
    <rect x="${n(cx - r.w * 0.3)}" y="${n(motifY + 2)}" width="${n(r.w * 0.3 - 22)}" height="1.5" fill="${p.accent}" opacity="0.55"/>
    <rect x="${n(cx + 22)}" y="${n(motifY + 2)}" width="${n(r.w * 0.3 - 22)}" height="1.5" fill="${p.accent}" opacity="0.55"/>
    ${nameText}
    <rect x="${n(r.x)}" y="${n(footerY)}" width="${n(r.w)}" height="${n(footerH)}" fill="${p.accent}" opacity="0.14"/>
    <rect x="${n(cx - r.w * 0.3)}" y="${n(footerY)}" width="${n(r.w * 0.6)}" height="2" fill="${p.accent}" opacity="0.7"/>
    <text x="${n(cx)}" y="${n(footerY + footerH * (compact ? 0.62 : 0.45))}" text-anchor="middle" font-family="${SANS}" font-weight="bold" font-size="${n(catSize)}" fill="${p.accent}" letter-spacing="${n(catSize * 0.12)}">${escapeXml(category)}</text>
    ${
      compact
        ? ""
        : `<text x="${n(cx)}" y="${n(footerY + footerH * 0.8)}" text-anchor="middle" font-family="${SANS}" font-size="${n(formSize)}" fill="${p.deep}" opacity="0.75">${escapeXml(formText)}</text>`
    }
    <rect x="${n(r.x)}" y="${n(r.y + r.h - 6)}" width="${n(r.w)}" height="6" fill="${p.deep}"/>
    <rect x="${n(r.x + 8)}" y="${n(r.y + bandH + 9)}" width="${n(r.w - 16)}" height="${n(r.h - bandH - 23)}" rx="3" fill="none" stroke="${GOLD}" stroke-width="1.5" opacity="0.8"/>
    <rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.w)}" height="${n(r.h)}" rx="${r.rx}" fill="url(#${id("shade")})"/>
  </g>`;
}

/** Vertical ridges on a screw cap or lid. */
function ridges(x: number, y: number, w: number, h: number, step: number, opacity: number): string {
  const out: string[] = [];
  for (let xx = x + step; xx < x + w - step / 2; xx += step) {
    out.push(`<rect x="${n(xx)}" y="${n(y)}" width="${n(step * 0.35)}" height="${n(h)}"/>`);
  }
  return `<g fill="#000000" opacity="${opacity}">${out.join("")}</g>`;
}

function glassHighlight(x: number, y: number, w: number, h: number): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(w / 2)}" fill="#FFFFFF" opacity="0.28"/>
  <rect x="${n(x + w * 1.8)}" y="${n(y + h * 0.05)}" width="${n(w * 0.35)}" height="${n(h * 0.6)}" rx="${n(w * 0.2)}" fill="#FFFFFF" opacity="0.18"/>`;
}

type Drawing = {
  defs: string;
  back: string;
  body: string;
  front: string;
  floorWidth: number;
  /** Enlargement about the floor point so every form fills the frame similarly. */
  scale: number;
};

/** Amber glass bottle (syrup), clear PET bottle (juice) or slim oil bottle. */
function bottle(ctx: Ctx, kind: "syrup" | "juice" | "oil"): Drawing {
  const { id, p } = ctx;
  const dims = {
    syrup: { w: 310, top: 430, neckW: 122, neckTop: 318, capTop: 214, capW: 150, base: 868 },
    juice: { w: 290, top: 380, neckW: 118, neckTop: 268, capTop: 178, capW: 142, base: 872 },
    oil: { w: 280, top: 430, neckW: 88, neckTop: 318, capTop: 196, capW: 110, base: 868 },
  }[kind];
  const cx = 512;
  const L = cx - dims.w / 2;
  const R = cx + dims.w / 2;
  const nl = cx - dims.neckW / 2;
  const nr = cx + dims.neckW / 2;
  const shoulder = dims.top - dims.neckTop;
  const body = `M ${n(L)} ${n(dims.top + 30)}
    C ${n(L)} ${n(dims.top - shoulder * 0.25)}, ${n(nl)} ${n(dims.top - shoulder * 0.35)}, ${n(nl)} ${n(dims.neckTop + shoulder * 0.25)}
    L ${n(nl)} ${n(dims.neckTop)} L ${n(nr)} ${n(dims.neckTop)} L ${n(nr)} ${n(dims.neckTop + shoulder * 0.25)}
    C ${n(nr)} ${n(dims.top - shoulder * 0.35)}, ${n(R)} ${n(dims.top - shoulder * 0.25)}, ${n(R)} ${n(dims.top + 30)}
    L ${n(R)} ${n(dims.base - 26)} Q ${n(R)} ${n(dims.base)} ${n(R - 26)} ${n(dims.base)}
    L ${n(L + 26)} ${n(dims.base)} Q ${n(L)} ${n(dims.base)} ${n(L)} ${n(dims.base - 26)} Z`;

  let glass: string;
  let defs = "";
  if (kind === "syrup") {
    defs += cylinderGradient(id("glass"), [
      [0, "#3A1804", 1],
      [0.14, "#6B3209", 1],
      [0.3, "#B0581A", 1],
      [0.45, "#8A4210", 1],
      [0.8, "#5E2A07", 1],
      [1, "#2E1203", 1],
    ]);
    glass = `<path d="${body}" fill="url(#${id("glass")})"/>`;
  } else {
    const liquid =
      kind === "oil"
        ? ["#7A4B06", "#C98A16", "#F2C14E", "#D99A22", "#8A5508"]
        : ctx.categorySlug === "digestive-health"
          ? ["#6E8F3A", "#A9C46A", "#DCEBA8", "#B9D17A", "#6F8E3C"]
          : ["#8A7A1E", "#C8B54A", "#EEE29A", "#D2C15C", "#857419"];
    defs += cylinderGradient(id("glass"), [
      [0, liquid[0]!, 1],
      [0.15, liquid[1]!, 1],
      [0.32, liquid[2]!, 1],
      [0.6, liquid[3]!, 1],
      [1, liquid[4]!, 1],
    ]);
    defs += cylinderGradient(id("clear"), [
      [0, "#FFFFFF", 0.55],
      [0.3, "#FFFFFF", 0.25],
      [0.7, "#FFFFFF", 0.15],
      [1, "#FFFFFF", 0.5],
    ]);
    defs += `<clipPath id="${id("bodyClip")}"><path d="${body}"/></clipPath>`;
    const fillTop = kind === "oil" ? dims.top - 10 : dims.top + 8;
    glass = `<path d="${body}" fill="url(#${id("clear")})" stroke="#FFFFFF" stroke-opacity="0.6" stroke-width="2"/>
      <g clip-path="url(#${id("bodyClip")})">
        <rect x="${n(L - 5)}" y="${n(fillTop)}" width="${n(dims.w + 10)}" height="${n(dims.base - fillTop + 5)}" fill="url(#${id("glass")})"/>
        <ellipse cx="${cx}" cy="${n(fillTop)}" rx="${n(dims.w / 2)}" ry="7" fill="#FFFFFF" opacity="0.35"/>
      </g>
      <path d="${body}" fill="url(#${id("shadeSoft")})"/>`;
  }

  // cap
  const capH = dims.neckTop - dims.capTop + 14;
  const capX = cx - dims.capW / 2;
  defs += cylinderGradient(id("cap"), [
    [0, p.deep, 1],
    [0.25, p.accent, 1],
    [0.4, "#FFFFFF", 0.0],
    [0.42, p.accent, 1],
    [0.85, p.deep, 1],
    [1, p.deep, 1],
  ]);
  let cap: string;
  if (kind === "oil") {
    // flip-top cap: tapered top with a nozzle
    const topW = dims.capW * 0.62;
    cap = `<path d="M ${n(capX)} ${n(dims.capTop + capH)} L ${n(capX)} ${n(dims.capTop + capH * 0.42)} L ${n(cx - topW / 2)} ${n(dims.capTop + 8)} Q ${n(cx)} ${n(dims.capTop - 6)} ${n(cx + topW / 2)} ${n(dims.capTop + 8)} L ${n(capX + dims.capW)} ${n(dims.capTop + capH * 0.42)} L ${n(capX + dims.capW)} ${n(dims.capTop + capH)} Z" fill="url(#${id("cap")})"/>
      <rect x="${n(capX - 2)}" y="${n(dims.capTop + capH * 0.42)}" width="${n(dims.capW + 4)}" height="6" fill="${GOLD}" opacity="0.9"/>
      <rect x="${n(cx - 6)}" y="${n(dims.capTop - 14)}" width="12" height="18" rx="4" fill="${p.deep}"/>`;
  } else {
    cap = `<rect x="${n(capX)}" y="${n(dims.capTop)}" width="${n(dims.capW)}" height="${n(capH)}" rx="10" fill="url(#${id("cap")})"/>
      ${ridges(capX + 4, dims.capTop + 12, dims.capW - 8, capH - 24, 9, 0.16)}
      <rect x="${n(capX)}" y="${n(dims.capTop)}" width="${n(dims.capW)}" height="10" rx="5" fill="#FFFFFF" opacity="0.25"/>
      <rect x="${n(capX - 3)}" y="${n(dims.capTop + capH - 12)}" width="${n(dims.capW + 6)}" height="12" rx="4" fill="${p.deep}"/>`;
  }

  const labelRect: Rect = {
    x: L,
    y: kind === "juice" ? dims.top + 70 : dims.top + 62,
    w: dims.w,
    h: kind === "juice" ? 360 : kind === "oil" ? 320 : 330,
    rx: 4,
  };
  const grooves =
    kind === "juice"
      ? `<rect x="${n(L)}" y="${n(dims.base - 34)}" width="${n(dims.w)}" height="4" fill="#000000" opacity="0.12"/>
         <rect x="${n(L)}" y="${n(dims.top + 40)}" width="${n(dims.w)}" height="4" fill="#000000" opacity="0.1"/>`
      : "";
  return {
    defs,
    back: "",
    body: `${glass}${grooves}${label(ctx, labelRect)}${cap}`,
    front: glassHighlight(L + dims.w * 0.1, dims.top + 20, 14, dims.base - dims.top - 60),
    floorWidth: dims.w * 1.5,
    scale: { syrup: 1.08, juice: 1.02, oil: 1.05 }[kind],
  };
}

/** Wide jar for kalpa and churna, short cosmetic jar for cream. */
function jar(ctx: Ctx, kind: "kalpa" | "churna" | "cream"): Drawing {
  const { id, p } = ctx;
  const d = {
    kalpa: { w: 420, top: 470, base: 872, lidH: 96, lidOver: 12, labelInset: 48 },
    churna: { w: 380, top: 486, base: 872, lidH: 104, lidOver: 10, labelInset: 44 },
    cream: { w: 470, top: 620, base: 872, lidH: 110, lidOver: 8, labelInset: 22 },
  }[kind];
  const cx = 512;
  const L = cx - d.w / 2;
  let defs = "";
  let bodyFill: string;
  if (kind === "kalpa") {
    // dark glass showing the granules inside
    defs += cylinderGradient(id("jarBody"), [
      [0, "#2B1306", 1],
      [0.15, "#5A2E10", 1],
      [0.32, "#8C5222", 1],
      [0.5, "#6A3914", 1],
      [0.85, "#3E1E08", 1],
      [1, "#221004", 1],
    ]);
    bodyFill = `url(#${id("jarBody")})`;
  } else if (kind === "churna") {
    // opaque white tub
    defs += cylinderGradient(id("jarBody"), [
      [0, "#C9C4BA", 1],
      [0.15, "#EDEAE3", 1],
      [0.32, "#FFFFFF", 1],
      [0.7, "#F1EEE8", 1],
      [1, "#BDB7AC", 1],
    ]);
    bodyFill = `url(#${id("jarBody")})`;
  } else {
    // frosted glass in a tint of the palette
    defs += cylinderGradient(id("jarBody"), [
      [0, p.deep, 1],
      [0.14, p.accent, 1],
      [0.32, p.tint, 1],
      [0.55, p.accent, 1],
      [1, p.deep, 1],
    ]);
    bodyFill = `url(#${id("jarBody")})`;
  }
  const bodyH = d.base - d.top;
  const body = `<rect x="${n(L)}" y="${n(d.top)}" width="${n(d.w)}" height="${n(bodyH)}" rx="${kind === "cream" ? 34 : 40}" fill="${bodyFill}"/>
    <rect x="${n(L + 10)}" y="${n(d.top - 6)}" width="${n(d.w - 20)}" height="24" rx="8" fill="${kind === "churna" ? "#D8D3C9" : "#000000"}" opacity="${kind === "churna" ? 1 : 0.35}"/>`;

  // lid
  const lidW = d.w + d.lidOver * 2;
  const lidX = cx - lidW / 2;
  const lidTop = d.top - d.lidH + 4;
  if (kind === "cream") {
    defs += cylinderGradient(id("lid"), [
      [0, "#7A5A1C", 1],
      [0.12, "#C9A24A", 1],
      [0.3, "#FFF1C2", 1],
      [0.45, "#D9B25A", 1],
      [0.8, "#A07A2A", 1],
      [1, "#5E4210", 1],
    ]);
  } else {
    defs += cylinderGradient(id("lid"), [
      [0, p.deep, 1],
      [0.2, p.accent, 1],
      [0.34, p.accent, 0.85],
      [0.5, p.accent, 1],
      [0.85, p.deep, 1],
      [1, p.deep, 1],
    ]);
  }
  const lid = `<rect x="${n(lidX)}" y="${n(lidTop)}" width="${n(lidW)}" height="${n(d.lidH)}" rx="14" fill="url(#${id("lid")})"/>
    ${kind === "cream" ? "" : ridges(lidX + 6, lidTop + 16, lidW - 12, d.lidH - 30, 12, 0.13)}
    <rect x="${n(lidX)}" y="${n(lidTop)}" width="${n(lidW)}" height="14" rx="7" fill="#FFFFFF" opacity="0.3"/>
    <rect x="${n(lidX)}" y="${n(lidTop + d.lidH - 10)}" width="${n(lidW)}" height="10" rx="5" fill="#000000" opacity="0.18"/>
    ${
      kind === "cream"
        ? `<text x="${cx}" y="${n(lidTop + d.lidH * 0.62)}" text-anchor="middle" font-family="${SERIF}" font-style="italic" font-weight="bold" font-size="26" fill="#6B4A12" opacity="0.8">Satara Ayurveda</text>`
        : ""
    }`;

  const labelRect: Rect =
    kind === "cream"
      ? { x: L + d.labelInset, y: d.top + 24, w: d.w - d.labelInset * 2, h: bodyH - 46, rx: 10 }
      : {
          x: L,
          y: d.top + d.labelInset,
          w: d.w,
          h: bodyH - d.labelInset - (kind === "kalpa" ? 44 : 40),
          rx: 4,
        };
  return {
    defs,
    back: "",
    body: `${body}${label(ctx, labelRect, { compact: kind === "cream" })}${lid}`,
    front:
      kind === "churna"
        ? ""
        : glassHighlight(L + d.w * 0.07, d.top + 24, 12, bodyH - 60).replace(
            /opacity="0\.28"/,
            'opacity="0.22"',
          ),
    floorWidth: d.w * 1.35,
    scale: { kalpa: 1.28, churna: 1.28, cream: 1.5 }[kind],
  };
}

/** White HDPE pill bottle with a coloured cap, plus loose tablets or capsules in front. */
function pillBottle(ctx: Ctx, kind: "tablet" | "capsule"): Drawing {
  const { id, p, rnd } = ctx;
  const cx = 500;
  const w = 320;
  const L = cx - w / 2;
  const top = 410;
  const base = 858;
  let defs = cylinderGradient(id("hdpe"), [
    [0, "#BEB8AE", 1],
    [0.14, "#E9E6E0", 1],
    [0.32, "#FFFFFF", 1],
    [0.7, "#EFECE6", 1],
    [1, "#B5AFA4", 1],
  ]);
  defs += cylinderGradient(id("cap"), [
    [0, p.deep, 1],
    [0.22, p.accent, 1],
    [0.36, p.accent, 0.8],
    [0.5, p.accent, 1],
    [0.85, p.deep, 1],
    [1, p.deep, 1],
  ]);
  const capW = w - 20;
  const capX = cx - capW / 2;
  const capTop = 292;
  const capH = 122;
  const bottleBody = `<path d="M ${n(L)} ${n(top + 40)} Q ${n(L)} ${n(top)} ${n(L + 40)} ${n(top)} L ${n(L + w - 40)} ${n(top)} Q ${n(L + w)} ${n(top)} ${n(L + w)} ${n(top + 40)} L ${n(L + w)} ${n(base - 24)} Q ${n(L + w)} ${n(base)} ${n(L + w - 24)} ${n(base)} L ${n(L + 24)} ${n(base)} Q ${n(L)} ${n(base)} ${n(L)} ${n(base - 24)} Z" fill="url(#${id("hdpe")})"/>`;
  const cap = `<rect x="${n(capX)}" y="${capTop}" width="${n(capW)}" height="${capH}" rx="14" fill="url(#${id("cap")})"/>
    ${ridges(capX + 6, capTop + 16, capW - 12, capH - 30, 11, 0.15)}
    <rect x="${n(capX)}" y="${capTop}" width="${n(capW)}" height="14" rx="7" fill="#FFFFFF" opacity="0.28"/>
    <rect x="${n(capX - 4)}" y="${n(capTop + capH - 14)}" width="${n(capW + 8)}" height="14" rx="5" fill="${p.deep}"/>`;
  const labelRect: Rect = { x: L, y: top + 58, w, h: 340, rx: 4 };

  // loose pills on the floor in front
  const pills: string[] = [];
  let back = "";
  if (kind === "tablet") {
    defs += `<radialGradient id="${id("pill")}" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#FFFFFF"/><stop offset="0.7" stop-color="#EFE9DD"/><stop offset="1" stop-color="#CFC6B4"/></radialGradient>`;
    const tabletTint = p.tint;
    const spots = [
      [690, 880],
      [748, 900],
      [705, 928],
      [318, 912],
    ];
    for (const [x, y] of spots) {
      const jx = x! + (rnd() - 0.5) * 16;
      const jy = y! + (rnd() - 0.5) * 8;
      pills.push(`<g transform="translate(${n(jx)} ${n(jy)})">
        <ellipse cx="0" cy="6" rx="30" ry="12" fill="#000000" opacity="0.12"/>
        <ellipse cx="0" cy="0" rx="30" ry="14" fill="${tabletTint}"/>
        <ellipse cx="0" cy="-3" rx="30" ry="13" fill="url(#${id("pill")})"/>
        <path d="M -18 -3 L 18 -3" stroke="#BFB5A2" stroke-width="2" stroke-linecap="round"/>
      </g>`);
    }
    // blister strip leaning behind, to the right
    const bx = 0;
    const by = 0;
    const cells: string[] = [];
    for (let r = 0; r < 5; r++) {
      for (let c = 0; c < 2; c++) {
        const x = bx + 44 + c * 76;
        const y = by + 52 + r * 74;
        cells.push(`<circle cx="${x}" cy="${y}" r="27" fill="url(#${id("bubble")})" stroke="#9AA3AD" stroke-width="2"/>
          <circle cx="${x}" cy="${y}" r="18" fill="url(#${id("pill")})"/>
          <path d="M ${x - 11} ${y} L ${x + 11} ${y}" stroke="#C7BDA9" stroke-width="2"/>`);
      }
    }
    defs += `<linearGradient id="${id("foil")}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#F4F6F8"/><stop offset="0.45" stop-color="#C3CAD2"/><stop offset="0.55" stop-color="#E7EBEF"/><stop offset="1" stop-color="#A9B1BA"/></linearGradient>
      <radialGradient id="${id("bubble")}" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#FFFFFF"/><stop offset="1" stop-color="#D5DCE3"/></radialGradient>`;
    back = `<g transform="translate(620 452) rotate(14)">
      <rect x="6" y="10" width="164" height="400" rx="14" fill="#000000" opacity="0.12"/>
      <rect x="0" y="0" width="164" height="400" rx="14" fill="url(#${id("foil")})" stroke="#9AA3AD" stroke-width="2"/>
      <rect x="0" y="0" width="164" height="20" rx="10" fill="${p.accent}" opacity="0.85"/>
      ${cells.join("")}
    </g>`;
  } else {
    const capsule = (
      x: number,
      y: number,
      rot: number,
    ) => `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rot)})">
        <ellipse cx="0" cy="14" rx="44" ry="9" fill="#000000" opacity="0.12"/>
        <rect x="-44" y="-15" width="88" height="30" rx="15" fill="#F7F1E3"/>
        <path d="M -2 -15 L 29 -15 A 15 15 0 0 1 29 15 L -2 15 Z" fill="${p.accent}"/>
        <rect x="-36" y="-10" width="64" height="6" rx="3" fill="#FFFFFF" opacity="0.55"/>
      </g>`;
    const spots: [number, number, number][] = [
      [700, 880, -18],
      [760, 914, 24],
      [676, 930, 8],
      [312, 916, -30],
      [250, 890, 12],
    ];
    for (const [x, y, r] of spots) {
      pills.push(capsule(x + (rnd() - 0.5) * 14, y + (rnd() - 0.5) * 8, r + (rnd() - 0.5) * 14));
    }
  }

  return {
    defs,
    back,
    body: `${bottleBody}${label(ctx, labelRect)}${cap}`,
    front: `${glassHighlight(L + w * 0.12, top + 30, 12, base - top - 70).replace(/opacity="0\.28"/, 'opacity="0.5"')}${pills.join("")}`,
    floorWidth: w * 1.45,
    scale: kind === "tablet" ? 1.1 : 1.12,
  };
}

export function productArtSvg(
  input: { name: string; slug: string; form: ProductForm; categorySlug: string },
  size = 1024,
): string {
  const seed = hashString(input.slug || input.name);
  const rnd = makeRandom(seed);
  const p = PALETTES[input.categorySlug] ?? FALLBACK_PALETTES[seed % FALLBACK_PALETTES.length]!;
  const prefix = `sa${seed.toString(36)}`;
  const ctx: Ctx = {
    id: (name) => `${prefix}-${name}`,
    p,
    rnd,
    name: input.name,
    form: input.form,
    categorySlug: input.categorySlug,
  };
  const { id } = ctx;

  // Background botanicals: two branches from opposite corners, varied by the slug.
  const flip = rnd() < 0.5;
  const b1 = branch(
    rnd,
    flip ? 1024 + 20 : -20,
    120 + rnd() * 160,
    flip ? 180 + 10 + rnd() * 25 : -10 - rnd() * 25,
    300 + rnd() * 90,
    p.leaf,
    0.2,
  );
  const b2 = branch(
    rnd,
    flip ? -20 : 1024 + 20,
    560 + rnd() * 140,
    flip ? -25 - rnd() * 25 : 180 + 25 + rnd() * 25,
    260 + rnd() * 80,
    p.leaf,
    0.16,
  );
  const dots: string[] = [];
  for (let i = 0; i < 7; i++) {
    const x = 80 + rnd() * 864;
    const y = 60 + rnd() * 360;
    dots.push(
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(4 + rnd() * 10)}" fill="#FFFFFF" opacity="${n(0.25 + rnd() * 0.35)}"/>`,
    );
  }
  const glowX = 420 + rnd() * 184;

  let drawing: Drawing;
  switch (input.form) {
    case "syrup":
    case "juice":
    case "oil":
      drawing = bottle(ctx, input.form);
      break;
    case "kalpa":
    case "churna":
    case "cream":
      drawing = jar(ctx, input.form);
      break;
    default:
      drawing = pillBottle(ctx, input.form === "capsule" ? "capsule" : "tablet");
  }

  const title = escapeXml(`${input.name} by Satara Ayurveda`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1024 1024">
  <title>${title}</title>
  <defs>
    <linearGradient id="${id("bg")}" x1="0" y1="0" x2="0.35" y2="1">
      <stop offset="0" stop-color="${p.bg1}"/>
      <stop offset="1" stop-color="${p.bg2}"/>
    </linearGradient>
    <radialGradient id="${id("glow")}" cx="${n(glowX / 1024)}" cy="0.42" r="0.5">
      <stop offset="0" stop-color="#FFFFFF" stop-opacity="0.75"/>
      <stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="${id("floor")}" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.bg2}" stop-opacity="0"/>
      <stop offset="0.35" stop-color="${p.bg2}" stop-opacity="0.55"/>
      <stop offset="1" stop-color="${p.deep}" stop-opacity="0.28"/>
    </linearGradient>
    <radialGradient id="${id("shadow")}" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#000000" stop-opacity="0.38"/>
      <stop offset="0.6" stop-color="#000000" stop-opacity="0.14"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="${id("labelTint")}" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.tint}" stop-opacity="0"/>
      <stop offset="1" stop-color="${p.tint}" stop-opacity="0.9"/>
    </linearGradient>
    ${cylinderGradient(id("shade"), shadeStops())}
    ${cylinderGradient(id("shadeSoft"), [
      [0, "#000000", 0.25],
      [0.15, "#000000", 0.04],
      [0.3, "#FFFFFF", 0.22],
      [0.45, "#FFFFFF", 0.0],
      [0.85, "#000000", 0.08],
      [1, "#000000", 0.3],
    ])}
    ${drawing.defs}
  </defs>
  <rect width="1024" height="1024" fill="url(#${id("bg")})"/>
  <rect width="1024" height="1024" fill="url(#${id("glow")})"/>
  ${b1}
  ${b2}
  ${dots.join("")}
  <rect x="0" y="700" width="1024" height="324" fill="url(#${id("floor")})"/>
  <g transform="translate(512 872) scale(${drawing.scale}) translate(-512 -872)">
    <ellipse cx="520" cy="874" rx="${n(drawing.floorWidth / 2)}" ry="30" fill="url(#${id("shadow")})"/>
    ${drawing.back}
    ${drawing.body}
    ${drawing.front}
  </g>
</svg>`;
}
