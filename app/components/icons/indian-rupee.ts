// Written by `npm run icons` (scripts/write-icons.ts) from lucide-react 1.75.0. Lucide's licence: lucide-LICENSE.txt.
import createLucideIcon from "../ui/lucide-icon";

export const IndianRupee = /* @__PURE__ */ createLucideIcon({"name":"indian-rupee","size":24,"node":[["path",{"d":"m14 20-8-8h4c5.333 0 5.333-8 0-8","key":"cvo5tb"}],["path",{"d":"M6 4h12","key":"1x2ag7"}],["path",{"d":"M6 8h12","key":"6g4wlu"}]]});
