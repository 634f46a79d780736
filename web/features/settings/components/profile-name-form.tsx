import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { PublicUser } from "#schema/responses/index.ts";
import { profileSchema, type ProfileInput } from "#schema/validation/profile.ts";
import { Button } from "#web/components/ui/button.tsx";
import { useFormFailure } from "#web/components/ui/failure-toast.ts";
import { bound, InputField } from "#web/components/ui/field.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { useUpdateProfile } from "../api/update-profile";

/** First and last name: the name shown in the top bar and on the team list. */
export function ProfileNameForm({ user }: { user: PublicUser }) {
  const toast = useToast();
  const updateProfile = useUpdateProfile();
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { firstName: user.firstName ?? "", lastName: user.lastName ?? "" },
  });
  const showFailure = useFormFailure(form.setError, ["firstName", "lastName"]);
  const { isDirty } = form.formState;

  const submit = form.handleSubmit((values) =>
    updateProfile.mutate(values, {
      onSuccess: (updated) => {
        toast({ title: "Profile updated", description: "Your name has been saved." });
        form.reset({ firstName: updated.firstName ?? "", lastName: updated.lastName ?? "" });
      },
      onError: (error) => showFailure("Failed to update profile", error),
    }),
  );

  return (
    <SectionCard title="Personal Information" description="Your name as your colleagues see it.">
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="First Name" required autoComplete="given-name" {...bound(form, "firstName")} />
          <InputField label="Last Name" required autoComplete="family-name" {...bound(form, "lastName")} />
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={updateProfile.isPending || !isDirty}>
            {updateProfile.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
