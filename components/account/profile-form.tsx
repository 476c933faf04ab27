"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { signOut } from "next-auth/react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextField } from "@/components/ui/form-field";
import { MediaField } from "@/components/ui/media-field";
import { Spinner } from "@/components/ui/spinner";
import { refreshViewer } from "@/components/layout/viewer-provider";
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
    <>
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
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <DeleteAccount />
          <Button type="submit" disabled={isSubmitting} className="sm:min-w-40">
            {isSubmitting && <Spinner />}
            Update
          </Button>
        </div>
      </form>
    </>
  );
}

/** Deleting the account ends the session, so it signs out and goes home. */
function DeleteAccount() {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function deleteAccount() {
    setBusy(true);
    try {
      await apiFetch("/api/user", { method: "DELETE" });
      toast.success("Account deleted successfully");
      await signOut({ callbackUrl: "/" });
    } catch (error) {
      toast.error(errorMessage(error));
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete account
      </Button>
      <ConfirmDialog
        open={confirming}
        busy={busy}
        message="Are you sure you want to delete your account? Your favourites and reviews will be deleted too."
        onConfirm={() => void deleteAccount()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
