// Written by `npm run icons` (scripts/write-icons.ts) from lucide-react 1.75.0. Lucide's licence: lucide-LICENSE.txt.
import createLucideIcon from "../ui/lucide-icon";

export const Leaf = /* @__PURE__ */ createLucideIcon({"name":"leaf","size":24,"node":[["path",{"d":"M11 20a10 10 0 0010-10 25.9 25.9 0 00-1.04-7.281 1 1 0 00-1.755-.325C15.833 5.5 13 5.5 9.8 6.1A7 7 0 0011 20","key":"1wjnjv"}],["path",{"d":"M2 21a5 5 0 012.911-4.544C7.613 15.212 8.351 15.24 11 13","key":"c1ejpn"}]]});
