// Written by `npm run icons` (scripts/write-icons.ts) from lucide-react 1.75.0. Lucide's licence: lucide-LICENSE.txt.
import createLucideIcon from "../ui/lucide-icon";

export const Ticket = /* @__PURE__ */ createLucideIcon({"name":"ticket","size":24,"node":[["path",{"d":"M2 9a3 3 0 0 1 0 6v2a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-2a3 3 0 0 1 0-6V7a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2Z","key":"qn84l0"}],["path",{"d":"M13 5v2","key":"dyzc3o"}],["path",{"d":"M13 17v2","key":"1ont0d"}],["path",{"d":"M13 11v2","key":"1wjjxi"}]]});
