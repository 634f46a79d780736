import {
  forwardRef,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from "react-hook-form";
import { cn } from "#web/lib/cn.ts";

const CONTROL =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100 aria-[invalid=true]:border-red-500";

interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: (control: {
    id: string;
    "aria-invalid": boolean;
    "aria-describedby"?: string;
    className: string;
  }) => ReactNode;
}

/** A label tied to its control, with the validation message under it (announced to screen readers). */
export function Field({ label, error, hint, required, className, children }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {required && <span className="text-red-600"> *</span>}
      </label>
      {children({
        id,
        "aria-invalid": Boolean(error),
        "aria-describedby": error || hint ? messageId : undefined,
        className: CONTROL,
      })}
      {error ? (
        <p id={messageId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type InputFieldProps = InputHTMLAttributes<HTMLInputElement> &
  Omit<FieldProps, "children" | "className"> & { containerClassName?: string };

export const InputField = forwardRef<HTMLInputElement, InputFieldProps>(function InputField(
  { label, error, hint, required, containerClassName, className, ...input },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={containerClassName}>
      {(control) => <input ref={ref} {...control} {...input} className={cn(control.className, className)} />}
    </Field>
  );
});

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> &
  Omit<FieldProps, "children" | "className"> & { containerClassName?: string };

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, required, containerClassName, className, children, ...select },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={containerClassName}>
      {(control) => (
        <select ref={ref} {...control} {...select} className={cn(control.className, className)}>
          {children}
        </select>
      )}
    </Field>
  );
});

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> &
  Omit<FieldProps, "children" | "className"> & {
    containerClassName?: string;
    /**
     * The most characters the server takes, counted as the person types (GOV.UK's character count):
     * a longer text is kept in the box and refused with the count, never cut silently as maxLength does.
     */
    characterLimit?: number;
  };

/** "You have 12 characters remaining" / "You have 3 characters too many". */
function characterCountText(length: number, limit: number): string {
  const left = limit - length;
  const characters = (count: number) => `${count} ${count === 1 ? "character" : "characters"}`;
  return left >= 0 ? `You have ${characters(left)} remaining` : `You have ${characters(-left)} too many`;
}

export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(function TextareaField(
  { label, error, hint, required, containerClassName, className, characterLimit, onChange, ...textarea },
  ref,
) {
  const [length, setLength] = useState(() => String(textarea.value ?? textarea.defaultValue ?? "").length);
  return (
    <Field label={label} error={error} hint={hint} required={required} className={containerClassName}>
      {(control) => (
        <>
          <textarea
            ref={ref}
            {...control}
            {...textarea}
            onChange={(event) => {
              setLength(event.target.value.length);
              onChange?.(event);
            }}
            className={cn(control.className, className)}
          />
          {characterLimit !== undefined && (
            <p
              aria-live="polite"
              className={cn("mt-1 text-sm", length > characterLimit ? "font-medium text-red-700" : "text-slate-600")}
            >
              {characterCountText(length, characterLimit)}
            </p>
          )}
        </>
      )}
    </Field>
  );
});

/**
 * What binds a field to its form: the registered control and the field's validation message, so
 * every form writes `<InputField label="Name" {...bound(form, "name")} />` and no field can show
 * another field's message. `translate` words the message in the screen's language (the schemas'
 * messages are English).
 */
export function bound<Values extends FieldValues, Name extends Path<Values>>(
  form: Pick<UseFormReturn<Values, any, any>, "register" | "getFieldState" | "formState">,
  name: Name,
  {
    translate,
    ...options
  }: RegisterOptions<Values, Name> & { translate?: (message: string) => string | undefined } = {},
) {
  const message = form.getFieldState(name, form.formState).error?.message;
  return { ...form.register(name, options), error: message && translate ? translate(message) : message };
}
