// Written by `npm run icons` (scripts/write-icons.ts) from lucide-react 1.75.0. Lucide's licence: lucide-LICENSE.txt.
import createLucideIcon from "../ui/lucide-icon";

export const Quote = /* @__PURE__ */ createLucideIcon({"name":"quote","size":24,"node":[["path",{"d":"M16 3a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2 1 1 0 0 1 1 1v1a2 2 0 0 1-2 2 1 1 0 0 0-1 1v2a1 1 0 0 0 1 1 6 6 0 0 0 6-6V5a2 2 0 0 0-2-2z","key":"rib7q0"}],["path",{"d":"M5 3a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2 1 1 0 0 1 1 1v1a2 2 0 0 1-2 2 1 1 0 0 0-1 1v2a1 1 0 0 0 1 1 6 6 0 0 0 6-6V5a2 2 0 0 0-2-2z","key":"1ymkrd"}]]});
