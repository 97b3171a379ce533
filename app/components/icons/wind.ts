// Written by `npm run icons` (scripts/write-icons.ts) from lucide-react 1.75.0. Lucide's licence: lucide-LICENSE.txt.
import createLucideIcon from "../ui/lucide-icon";

export const Wind = /* @__PURE__ */ createLucideIcon({"name":"wind","size":24,"node":[["path",{"d":"M12.8 19.6A2 2 0 1 0 14 16H2","key":"148xed"}],["path",{"d":"M17.5 8a2.5 2.5 0 1 1 2 4H2","key":"1u4tom"}],["path",{"d":"M9.8 4.4A2 2 0 1 1 11 8H2","key":"75valh"}]]});
