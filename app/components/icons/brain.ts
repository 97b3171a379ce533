// Written by `npm run icons` (scripts/write-icons.ts) from lucide-react 1.75.0. Lucide's licence: lucide-LICENSE.txt.
import createLucideIcon from "../ui/lucide-icon";

export const Brain = /* @__PURE__ */ createLucideIcon({"name":"brain","size":24,"node":[["path",{"d":"M12 18V5","key":"adv99a"}],["path",{"d":"M15 13a4.17 4.17 0 01-3-4 4.17 4.17 0 01-3 4","key":"5nuw1p"}],["path",{"d":"M17.707 6.294A3 3 0 1012 5a3 3 0 10-5.707 1.294","key":"18ldcf"}],["path",{"d":"M17.996 5.125a4 4 0 012.526 5.77","key":"1sdu8q"}],["path",{"d":"M18 18a4 4 0 002-7.465","key":"7xqqvr"}],["path",{"d":"M19.967 17.482a4 4 0 11-7.967.517 4 4 0 11-7.967-.517","key":"t46ysz"}],["path",{"d":"M6 18a4 4 0 01-2-7.465","key":"1y2m15"}],["path",{"d":"M6.004 5.125a4 4 0 00-2.526 5.77","key":"3cw1ss"}]]});
