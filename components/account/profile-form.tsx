"use client";

import { useRouter } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/lib/client/toast";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { MediaField } from "@/components/ui/media-field";
import { Spinner } from "@/components/ui/spinner";
import { refreshViewer } from "@/lib/client/viewer";
import { apiFetch, errorMessage } from "@/lib/client/fetcher";
import { profileSchema } from "@/lib/validation/user";

type Props = { fullName: string; email: string; image: string };

export function ProfileForm(initial: Props) {
  const router = useRouter();
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(profileSchema), defaultValues: initial });
  const image = useWatch({ control, name: "image" }) ?? "";

  const onSubmit = handleSubmit(async (values) => {
    try {
      await apiFetch("/api/user", { method: "PUT", body: values });
      toast.success("Profile updated");
      await refreshViewer(); // the header shows the new name and picture
      router.refresh();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-6">
      <h1 className="text-xl font-bold">Profile</h1>
      <MediaField
        label="Profile image"
        kind="image"
        value={image}
        alt="Your profile picture"
        onChange={(url) => setValue("image", url, { shouldDirty: true })}
        error={errors.image?.message}
      />
      <TextField label="Full Name" autoComplete="name" error={errors.fullName?.message} {...register("fullName")} />
      <TextField
        label="Email"
        type="email"
        readOnly
        aria-readonly="true"
        error={errors.email?.message}
        {...register("email")}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto sm:min-w-40">
          {isSubmitting && <Spinner />}
          Update
        </Button>
      </div>
    </form>
  );
}
