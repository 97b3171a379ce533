// Written by `npm run icons` (scripts/write-icons.ts) from lucide-react 1.75.0. Lucide's licence: lucide-LICENSE.txt.
import createLucideIcon from "../ui/lucide-icon";

export const Flower2 = /* @__PURE__ */ createLucideIcon({"name":"flower-2","size":24,"node":[["path",{"d":"M12 5a3 3 0 1 1 3 3m-3-3a3 3 0 1 0-3 3m3-3v1M9 8a3 3 0 1 0 3 3M9 8h1m5 0a3 3 0 1 1-3 3m3-3h-1m-2 3v-1","key":"3pnvol"}],["circle",{"cx":"12","cy":"8","r":"2","key":"1822b1"}],["path",{"d":"M12 10v12","key":"6ubwww"}],["path",{"d":"M12 22c4.2 0 7-1.667 7-5-4.2 0-7 1.667-7 5Z","key":"9hd38g"}],["path",{"d":"M12 22c-4.2 0-7-1.667-7-5 4.2 0 7 1.667 7 5Z","key":"ufn41s"}]]});
