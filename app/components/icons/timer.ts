// Written by `npm run icons` (scripts/write-icons.ts) from lucide-react 1.75.0. Lucide's licence: lucide-LICENSE.txt.
import createLucideIcon from "../ui/lucide-icon";

export const Timer = /* @__PURE__ */ createLucideIcon({"name":"timer","size":24,"node":[["line",{"x1":"10","x2":"14","y1":"2","y2":"2","key":"14vaq8"}],["line",{"x1":"12","x2":"15","y1":"14","y2":"11","key":"17fdiu"}],["circle",{"cx":"12","cy":"14","r":"8","key":"1e1u0o"}]]});
