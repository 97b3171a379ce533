// Written by `npm run icons` (scripts/write-icons.ts) from lucide-react 1.75.0. Lucide's licence: lucide-LICENSE.txt.
import createLucideIcon from "../ui/lucide-icon";

export const PackagePlus = /* @__PURE__ */ createLucideIcon({"name":"package-plus","size":24,"node":[["path",{"d":"M12 22V12","key":"d0xqtd"}],["path",{"d":"M16 17h6","key":"1ook5g"}],["path",{"d":"M19 14v6","key":"1ckrd5"}],["path",{"d":"M21 10.535V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.729l7 4a2 2 0 0 0 2 .001l1.675-.955","key":"28k6lz"}],["path",{"d":"M3.29 7 12 12l8.71-5","key":"19ckod"}],["path",{"d":"m7.5 4.27 8.997 5.148","key":"9yrvtv"}]]});
