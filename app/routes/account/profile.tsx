import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/modules/accounts/session.server";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [
  { title: "My Account | Satara Ayurveda" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { profile: { fullName: user.fullName, email: user.email, phone: user.phone } };
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl">My Account</h1>
        <Form method="post" action="/sign-out">
          <Button type="submit" variant="outline">
            Sign Out
          </Button>
        </Form>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Profile</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <dt className="text-muted-foreground">Full Name</dt>
            <dd>{profile.fullName}</dd>
            <dt className="text-muted-foreground">Email</dt>
            <dd>{profile.email}</dd>
            <dt className="text-muted-foreground">Phone</dt>
            <dd>{profile.phone ?? "Not added yet"}</dd>
          </dl>
        </CardContent>
      </Card>
    </section>
  );
}
