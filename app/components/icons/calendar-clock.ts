// Written by `npm run icons` (scripts/write-icons.ts) from lucide-react 1.75.0. Lucide's licence: lucide-LICENSE.txt.
import createLucideIcon from "../ui/lucide-icon";

export const CalendarClock = /* @__PURE__ */ createLucideIcon({"name":"calendar-clock","size":24,"node":[["path",{"d":"M16 14v2.2l1.6 1","key":"fo4ql5"}],["path",{"d":"M16 2v3","key":"otl347"}],["path",{"d":"M21 7.338V5a2 2 0 00-2-2H5a2 2 0 00-2 2v14a2 2 0 002 2h2.338","key":"7hb8p4"}],["path",{"d":"M3 9h5.859","key":"numkqi"}],["path",{"d":"M8 2v3","key":"1ioesn"}],["circle",{"cx":"16","cy":"16","r":"6","key":"qoo3c4"}]]});
