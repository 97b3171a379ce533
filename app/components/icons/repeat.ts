// Written by `npm run icons` (scripts/write-icons.ts) from lucide-react 1.75.0. Lucide's licence: lucide-LICENSE.txt.
import createLucideIcon from "../ui/lucide-icon";

export const Repeat = /* @__PURE__ */ createLucideIcon({"name":"repeat","size":24,"node":[["path",{"d":"m17 2 4 4-4 4","key":"nntrym"}],["path",{"d":"M3 11v-1a4 4 0 0 1 4-4h14","key":"84bu3i"}],["path",{"d":"m7 22-4-4 4-4","key":"1wqhfi"}],["path",{"d":"M21 13v1a4 4 0 0 1-4 4H3","key":"1rx37r"}]]});
