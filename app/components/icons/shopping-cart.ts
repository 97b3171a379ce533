// Written by `npm run icons` (scripts/write-icons.ts) from lucide-react 1.75.0. Lucide's licence: lucide-LICENSE.txt.
import createLucideIcon from "../ui/lucide-icon";

export const ShoppingCart = /* @__PURE__ */ createLucideIcon({"name":"shopping-cart","size":24,"node":[["path",{"d":"m2.05 2.05 1.099-.028a1 1 0 0 1 1.008.815l2.69 14.347A1 1 0 0 0 7.83 18H18","key":"uebgi3"}],["path",{"d":"M4.563 5h16.435a1 1 0 0 1 .981 1.204l-1.026 6.226A2 2 0 0 1 18.962 14H6.25","key":"1j7c9p"}],["circle",{"cx":"18","cy":"20","r":"2","key":"t9985n"}],["circle",{"cx":"8","cy":"20","r":"2","key":"ckkr5m"}]]});
