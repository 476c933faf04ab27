"use client";

import { useRouter } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/lib/client/toast";
import { FormTextField, SubmitButton } from "@/components/ui/form-field";
import { MediaField } from "@/components/ui/media-field";
import { refreshViewer } from "@/lib/client/viewer";
import { apiFetch } from "@/lib/client/fetcher";
import { toastingFailure } from "@/lib/client/form-submit";
import { profileSchema } from "@/lib/validation/user";

type Props = { fullName: string; email: string; image: string };

export function ProfileForm(initial: Props) {
  const router = useRouter();
  const form = useForm({ resolver: zodResolver(profileSchema), defaultValues: initial });
  const image = useWatch({ control: form.control, name: "image" }) ?? "";

  const onSubmit = form.handleSubmit(
    toastingFailure(async (values) => {
      await apiFetch("/api/user", { method: "PUT", body: values });
      toast.success("Profile updated");
      await refreshViewer(); // the header shows the new name and picture
      router.refresh();
    }),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-6">
      <h1 className="text-xl font-bold">Profile</h1>
      <MediaField
        label="Profile image"
        kind="image"
        value={image}
        alt="Your profile picture"
        onChange={(url) => form.setValue("image", url, { shouldDirty: true })}
        error={form.formState.errors.image?.message}
      />
      <FormTextField form={form} name="fullName" label="Full Name" autoComplete="name" />
      <FormTextField form={form} name="email" label="Email" type="email" readOnly aria-readonly="true" />
      <SubmitButton pending={form.formState.isSubmitting} atEnd>
        Update
      </SubmitButton>
    </form>
  );
}
