import { useEffect, useId, useRef, useState, type RefObject } from "react";

interface InvalidField {
  id: string;
  label: string;
}

/** The form's controls marked invalid (Field sets aria-invalid), in the order the form shows them, by their labels. */
function invalidFields(form: HTMLFormElement): InvalidField[] {
  return [...form.querySelectorAll<HTMLElement>("[aria-invalid='true'][id]")].map((control) => {
    const label = (control as HTMLInputElement).labels?.[0]?.textContent ?? control.getAttribute("aria-label") ?? "";
    // A required field's label ends with its " *" mark, which is not part of its name.
    return { id: control.id, label: label.replace(/\s*\*$/, "").trim() };
  });
}

/**
 * GOV.UK's error summary for a long form: after a submit that failed, a box at the top says there is
 * a problem and links to each field to fix, and takes the focus, so a person on a phone or a screen
 * reader does not have to hunt down the page for what stopped the form. Each field keeps its own
 * message under it; the summary names the fields by their labels. `submitCount` and `errorCount` come
 * from the form's state: the list is read again whenever either changes, and shrinks as fields are
 * put right.
 */
export function ErrorSummary({
  formRef,
  submitCount,
  errorCount,
  words = { title: "There is a problem", lead: "Check these fields:" },
}: {
  formRef: RefObject<HTMLFormElement | null>;
  submitCount: number;
  errorCount: number;
  /** Its heading and lead, in the form's language. */
  words?: { title: string; lead: string };
}) {
  const headingId = useId();
  const summaryRef = useRef<HTMLDivElement>(null);
  const [fields, setFields] = useState<InvalidField[]>([]);
  const focusedFor = useRef(0);

  useEffect(() => {
    if (!formRef.current || submitCount === 0) return;
    setFields(invalidFields(formRef.current));
  }, [formRef, submitCount, errorCount]);

  useEffect(() => {
    if (fields.length > 0 && focusedFor.current !== submitCount) {
      focusedFor.current = submitCount;
      summaryRef.current?.focus();
    }
  }, [fields, submitCount]);

  if (fields.length === 0) return null;
  return (
    <div
      ref={summaryRef}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="rounded-md border-4 border-red-700 p-4 focus:outline-none focus-visible:ring-4 focus-visible:ring-amber-400"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {words.title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{words.lead}</p>
      <ul className="mt-2 space-y-1 text-sm">
        {fields.map((field) => (
          <li key={field.id}>
            <a
              href={`#${field.id}`}
              className="font-medium text-red-700 underline"
              onClick={(event) => {
                event.preventDefault();
                const control = document.getElementById(field.id);
                control?.scrollIntoView({ block: "center" });
                control?.focus();
              }}
            >
              {field.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
