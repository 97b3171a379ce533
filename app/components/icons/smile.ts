// Written by `npm run icons` (scripts/write-icons.ts) from lucide-react 1.75.0. Lucide's licence: lucide-LICENSE.txt.
import createLucideIcon from "../ui/lucide-icon";

export const Smile = /* @__PURE__ */ createLucideIcon({"name":"face-slightly-smiling","size":24,"node":[["path",{"d":"M15 10V9","key":"4dkmfx"}],["path",{"d":"M16.472 15a6 6 0 01-8.943 0","key":"7qomzy"}],["path",{"d":"M9 10V9","key":"1lazqi"}],["circle",{"cx":"12","cy":"12","r":"10","key":"1mglay"}]],"aliases":["smile"]});
