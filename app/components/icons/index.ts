// Written by `npm run icons` (scripts/write-icons.ts) from lucide-react 1.75.0.
/**
 * The icons the shop draws: Lucide's drawings (https://lucide.dev), built by the shop's own
 * factory once per icon (docs/decisions/084). Add one with `npm run icons -- Name`.
 *
 * Lucide: ISC License, Copyright (c) 2026 Lucide Icons and Contributors; the icons derived from
 * Feather: MIT License, Copyright (c) 2013-present Cole Bemis. Both notices in full, with the
 * permission they give: lucide-LICENSE.txt beside this file.
 */
import type createLucideIcon from "../ui/lucide-icon";

/** Any one of the icons. */
export type Icon = ReturnType<typeof createLucideIcon>;

export { AlertTriangle } from "./alert-triangle";
export { ArrowDown } from "./arrow-down";
export { ArrowLeft } from "./arrow-left";
export { ArrowUp } from "./arrow-up";
export { Award } from "./award";
export { BadgeCheck } from "./badge-check";
export { Banknote } from "./banknote";
export { Bone } from "./bone";
export { Brain } from "./brain";
export { CalendarClock } from "./calendar-clock";
export { CalendarDays } from "./calendar-days";
export { Check } from "./check";
export { CheckCircle2 } from "./check-circle2";
export { ChevronDown } from "./chevron-down";
export { ChevronLeft } from "./chevron-left";
export { ChevronRight } from "./chevron-right";
export { Clock } from "./clock";
export { Copy } from "./copy";
export { CreditCard } from "./credit-card";
export { Download } from "./download";
export { ExternalLink } from "./external-link";
export { Eye } from "./eye";
export { FileText } from "./file-text";
export { FlaskConical } from "./flask-conical";
export { Flower2 } from "./flower2";
export { FolderTree } from "./folder-tree";
export { Heart } from "./heart";
export { HeartPulse } from "./heart-pulse";
export { History } from "./history";
export { IndianRupee } from "./indian-rupee";
export { Info } from "./info";
export { LayoutDashboard } from "./layout-dashboard";
export { Leaf } from "./leaf";
export { ListChecks } from "./list-checks";
export { LogOut } from "./log-out";
export { Mail } from "./mail";
export { MapPin } from "./map-pin";
export { Megaphone } from "./megaphone";
export { Menu } from "./menu";
export { MessageCircle } from "./message-circle";
export { MessageSquare } from "./message-square";
export { Minus } from "./minus";
export { Package } from "./package";
export { PackageCheck } from "./package-check";
export { PackagePlus } from "./package-plus";
export { Pencil } from "./pencil";
export { Phone } from "./phone";
export { Plus } from "./plus";
export { Printer } from "./printer";
export { Quote } from "./quote";
export { Receipt } from "./receipt";
export { Repeat } from "./repeat";
export { RotateCcw } from "./rotate-ccw";
export { Search } from "./search";
export { Settings } from "./settings";
export { Shield } from "./shield";
export { ShieldCheck } from "./shield-check";
export { ShoppingBag } from "./shopping-bag";
export { ShoppingCart } from "./shopping-cart";
export { Smile } from "./smile";
export { Sparkles } from "./sparkles";
export { Star } from "./star";
export { Tag } from "./tag";
export { ThumbsUp } from "./thumbs-up";
export { Ticket } from "./ticket";
export { Timer } from "./timer";
export { Trash2 } from "./trash2";
export { Truck } from "./truck";
export { Unlock } from "./unlock";
export { User } from "./user";
export { UserRound } from "./user-round";
export { Users } from "./users";
export { Wind } from "./wind";
export { X } from "./x";
export { Zap } from "./zap";
export { ZoomIn } from "./zoom-in";
