import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { Valuer } from "#schema/responses/index.ts";
import { valuerSchema, type ValuerInput } from "#schema/validation/valuers.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { useFormFailure } from "#web/components/ui/failure-toast.ts";
import { bound, InputField } from "#web/components/ui/field.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { useCreateValuer } from "../api/create-valuer";
import { useUpdateValuer, valuerUpdateFrom } from "../api/update-valuer";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The valuer being edited; absent when adding one. */
  valuer?: Valuer;
}

const EMPTY: ValuerInput = { name: "", phone: "", qualification: "", registrationNumber: "", isActive: true };

/**
 * Add or edit a valuer (owner only): Full Name, Phone Number, Professional Qualification,
 * Registration number (printed on certificates), and Active when editing.
 */
export function ValuerFormDialog({ open, onOpenChange, valuer }: Props) {
  const toast = useToast();
  const createValuer = useCreateValuer();
  const updateValuer = useUpdateValuer();
  const isEdit = Boolean(valuer);
  const form = useForm<ValuerInput>({
    resolver: zodResolver(valuerSchema),
    defaultValues: valuer ? valuerUpdateFrom(valuer) : EMPTY,
  });
  const showFailure = useFormFailure(form.setError, ["name", "phone", "qualification"], "/");
  const isPending = createValuer.isPending || updateValuer.isPending;

  const done = (title: string) => {
    toast({ title });
    onOpenChange(false);
  };

  const submit = form.handleSubmit((values) => {
    if (valuer) {
      updateValuer.mutate(
        { ...values, id: valuer.id },
        {
          onSuccess: () => done("Valuer updated successfully"),
          onError: (error) => showFailure("Failed to update valuer", error),
        },
      );
    } else {
      createValuer.mutate(values, {
        onSuccess: () => done("Valuer added successfully"),
        onError: (error) => showFailure("Failed to add valuer", error),
      });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={isEdit ? "Edit Valuer" : "Add Valuer"}
      description={
        isEdit
          ? "Update this valuer's details. Codes they already signed keep their name."
          : "Add a valuer who signs your company's valuation reports."
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <InputField label="Full Name" required autoComplete="off" {...bound(form, "name")} />
        <InputField label="Phone Number" type="tel" autoComplete="off" {...bound(form, "phone")} />
        <InputField
          label="Professional Qualification"
          placeholder="e.g. MRICS, Registered Valuer"
          autoComplete="off"
          {...bound(form, "qualification")}
        />
        <InputField
          label="Registration number"
          placeholder="e.g. VRB/1234"
          autoComplete="off"
          hint="Optional. The valuer's number with their professional body, shown on certificates they sign."
          {...bound(form, "registrationNumber")}
        />
        {isEdit && (
          <label className="flex items-start gap-3 text-sm text-slate-700">
            <input type="checkbox" className="mt-0.5 h-4 w-4 accent-blue-700" {...form.register("isActive")} />
            <span>
              <span className="block font-medium">Active</span>
              <span className="block text-xs text-slate-500">Only active valuers can sign new codes.</span>
            </span>
          </label>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? "Saving..." : isEdit ? "Save Changes" : "Add Valuer"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
