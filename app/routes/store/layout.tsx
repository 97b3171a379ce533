import { Outlet } from "react-router";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { useRootData } from "~/root";

export default function StoreLayout() {
  const root = useRootData();
  if (!root) return <Outlet />;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-card focus:p-3"
      >
        Skip to content
      </a>
      <SiteHeader user={root.user} counts={root.counts} shop={root.shop} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter shop={root.shop} />
    </div>
  );
}
