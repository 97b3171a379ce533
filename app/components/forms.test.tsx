import { type SubmissionResult, useForm } from "@conform-to/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { InputField, SelectField, TextareaField } from "./forms";

const failed: SubmissionResult<string[]> = {
  status: "error",
  initialValue: { email: "not-an-email", note: "", size: "" },
  error: { email: ["Enter a valid email address", "Second problem"], size: ["Choose a size"] },
};

function Probe({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [, fields] = useForm<{ email: string; note: string; size: string }>({
    id: "probe",
    lastResult,
  });
  return (
    <>
      <InputField meta={fields.email} label="Email" type="email" autoComplete="email" />
      <TextareaField meta={fields.note} label="Note" description="Anything we should know" />
      <SelectField meta={fields.size} label="Size">
        <option value="">Choose</option>
      </SelectField>
    </>
  );
}

describe("form fields", () => {
  it("label their control and pass other attributes on", () => {
    const html = renderToString(<Probe />);
    expect(html).toMatch(/<label[^>]*for="probe-email"[^>]*>Email<\/label>/);
    expect(html).toMatch(/<input[^>]*type="email"[^>]*id="probe-email"[^>]*name="email"/);
    expect(html).toContain('autoComplete="email"');
    expect(html).not.toContain('aria-invalid="');
  });

  it("tie the description to the control", () => {
    const html = renderToString(<Probe />);
    expect(html).toContain('id="probe-note-description"');
    expect(html).toMatch(/<textarea[^>]*aria-describedby="probe-note-description"/);
  });

  it("show the first error under an invalid control, tied to it", () => {
    const html = renderToString(<Probe lastResult={failed} />);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="probe-email-error"/);
    expect(html).toContain('<div id="probe-email-error"');
    expect(html).toContain("Enter a valid email address");
    expect(html).not.toContain("Second problem");
    expect(html).toMatch(/<select[^>]*aria-invalid="true"[^>]*aria-describedby="probe-size-error"/);
    expect(html).toContain("Choose a size");
  });
});
