// Written by `npm run icons` (scripts/write-icons.ts) from lucide-react 1.75.0. Lucide's licence: lucide-LICENSE.txt.
import createLucideIcon from "../ui/lucide-icon";

export const Unlock = /* @__PURE__ */ createLucideIcon({"name":"lock-open","size":24,"node":[["rect",{"width":"18","height":"11","x":"3","y":"11","rx":"2","ry":"2","key":"1w4ew1"}],["path",{"d":"M7 11V7a5 5 0 0 1 9.9-1","key":"1mm8w8"}]],"aliases":["unlock"]});
