// Written by `npm run icons` (scripts/write-icons.ts) from lucide-react 1.75.0. Lucide's licence: lucide-LICENSE.txt.
import createLucideIcon from "../ui/lucide-icon";

export const ShoppingBag = /* @__PURE__ */ createLucideIcon({"name":"shopping-bag","size":24,"node":[["path",{"d":"M16 10a4 4 0 0 1-8 0","key":"1ltviw"}],["path",{"d":"M3.103 6.034h17.794","key":"awc11p"}],["path",{"d":"M3.4 5.467a2 2 0 0 0-.4 1.2V20a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6.667a2 2 0 0 0-.4-1.2l-2-2.667A2 2 0 0 0 17 2H7a2 2 0 0 0-1.6.8z","key":"o988cm"}]]});
