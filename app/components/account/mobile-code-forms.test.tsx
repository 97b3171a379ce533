// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { MobileCodeForm, MobileNumberForm } from "./mobile-code-forms";

type Step =
  | { step: "code"; props: Parameters<typeof MobileCodeForm>[0] }
  | { step: "number"; props: Parameters<typeof MobileNumberForm>[0] };

function StepPage() {
  const shown = useLoaderData<Step>();
  return shown.step === "code" ? (
    <MobileCodeForm {...shown.props} />
  ) : (
    <MobileNumberForm {...shown.props} />
  );
}

async function renderStep(shown: Step) {
  const Stub = createRoutesStub([
    { path: "/auth/mobile", Component: StepPage, loader: () => shown },
  ]);
  const rendered = render(<Stub initialEntries={["/auth/mobile"]} />);
  await screen.findAllByRole("button");
  return rendered;
}

const hidden = (form: Element) =>
  Object.fromEntries(
    [...form.querySelectorAll<HTMLInputElement>("input[type=hidden]")].map((input) => [
      input.name,
      input.value,
    ]),
  );

afterEach(cleanup);

describe("the code step", () => {
  it("on the sign-in page: the code, then a new code with the way to another number under it", async () => {
    const { container } = await renderStep({
      step: "code",
      props: {
        id: "mobile",
        number: "9876543210",
        redirectTo: "/cart",
        submitLabel: "Verify and Sign In",
        differentNumberHref: "/auth/mobile?redirectTo=%2Fcart",
        lastResult: null,
        resend: {
          lastResult: {
            status: "error",
            error: { "": ["Please wait 20 seconds before asking for a new code."] },
          },
        },
      },
    });
    const [code, resend] = [...container.querySelectorAll("form")];
    expect(code?.id).toBe("mobile-code");
    expect(hidden(code!)).toEqual({
      intent: "verify",
      phoneNumber: "9876543210",
      redirectTo: "/cart",
    });
    expect(within(code!).getByLabelText("6-digit code").getAttribute("autocomplete")).toBe(
      "one-time-code",
    );
    expect(within(code!).getByRole("button").textContent).toBe("Verify and Sign In");
    expect(within(code!).queryByRole("link")).toBeNull();
    expect(within(code!).getByText("Code sent to", { exact: false }).textContent).toBe(
      "Code sent to +91 98765 43210",
    );

    expect(resend?.id).toBe("mobile-resend");
    expect(hidden(resend!)).toEqual({
      intent: "send-code",
      phoneNumber: "9876543210",
      redirectTo: "/cart",
    });
    expect(within(resend!).getByRole("alert").textContent).toBe(
      "Please wait 20 seconds before asking for a new code.",
    );
    expect(within(resend!).getByRole("button").textContent).toBe("Send a New Code");
    expect(
      within(resend!).getByRole("link", { name: "Use a different number" }).getAttribute("href"),
    ).toBe("/auth/mobile?redirectTo=%2Fcart");
  });

  it("on the profile: one form naming where the code went, with the way to another number", async () => {
    const { container } = await renderStep({
      step: "code",
      props: {
        id: "profile-mobile",
        number: "9876543210",
        submitLabel: "Verify Number",
        differentNumberHref: "/profile/mobile",
        lastResult: { status: "error", error: { code: ["That code is not right. 2 tries left."] } },
        compact: true,
      },
    });
    const forms = container.querySelectorAll("form");
    expect(forms).toHaveLength(1);
    const code = forms[0]!;
    expect(hidden(code)).toEqual({ intent: "verify", phoneNumber: "9876543210" });
    expect(within(code).getByText("Code sent to", { exact: false }).textContent).toBe(
      "Code sent to +91 98765 43210",
    );
    const field = within(code).getByLabelText("6-digit code");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(field.getAttribute("aria-describedby")!)?.textContent).toBe(
      "That code is not right. 2 tries left.",
    );
    expect(within(code).getByRole("button").textContent).toBe("Verify Number");
    expect(within(code).getByRole("link").getAttribute("href")).toBe("/profile/mobile");
  });
});

describe("the number step", () => {
  it("shows the form's refusal above the number", async () => {
    const { container } = await renderStep({
      step: "number",
      props: {
        id: "profile-mobile-number",
        label: "New Mobile Number",
        lastResult: { status: "error", error: { "": ["Too many attempts."] } },
        compact: true,
      },
    });
    const form = container.querySelector("form")!;
    expect(hidden(form)).toEqual({ intent: "send-code" });
    expect(within(form).getByRole("alert").textContent).toBe("Too many attempts.");
    expect(within(form).getByLabelText("New Mobile Number").getAttribute("type")).toBe("tel");
    expect(within(form).getByRole("button").textContent).toBe("Send Code");
  });

  it("takes the number as it is written, and names it once it reads as one", async () => {
    const { container } = await renderStep({
      step: "number",
      props: { id: "mobile-number", label: "Mobile Number", lastResult: null },
    });
    const field = screen.getByLabelText("Mobile Number") as HTMLInputElement;
    expect(field.getAttribute("inputmode")).toBe("tel");
    expect(field.getAttribute("autocomplete")).toBe("tel-national");
    expect(Number(field.getAttribute("maxlength"))).toBeGreaterThanOrEqual(20);
    const hint = container.querySelector("[aria-live=polite]")!;
    expect(hint.textContent).toBe("");
    for (const [written, shown] of [
      ["+91 98500 1122", ""],
      ["+91 98500 11223", "Code will be sent to +91 98500 11223"],
      ["+91-98500-11223", "Code will be sent to +91 98500 11223"],
      ["098500 11223", "Code will be sent to +91 98500 11223"],
      ["9850011223", "Code will be sent to +91 98500 11223"],
      ["98500112234", ""],
      ["+1 415 555 0100", ""],
    ]) {
      fireEvent.change(field, { target: { value: written } });
      expect(field.value).toBe(written);
      expect(hint.textContent).toBe(shown);
    }
  });
});
