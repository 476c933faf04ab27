"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { MediaField } from "@/components/ui/media-field";

export type CastDraft = { name: string; image: string };

/** The 'Add Cast' modal: a name and a picture. Closing it forgets what was typed. */
export function CastDialog({
  open,
  onClose,
  onAdd,
}: {
  open: boolean;
  onClose: () => void;
  onAdd: (cast: CastDraft) => void;
}) {
  const [name, setName] = useState("");
  const [image, setImage] = useState("");
  const [errors, setErrors] = useState<{ name?: string; image?: string }>({});

  const close = () => {
    setName("");
    setImage("");
    setErrors({});
    onClose();
  };

  const add = () => {
    const found = {
      name: name.trim() ? undefined : "Cast name is required",
      image: image ? undefined : "Cast image is required",
    };
    if (found.name || found.image) return setErrors(found);
    onAdd({ name: name.trim(), image });
    close();
  };

  return (
    <Dialog open={open} onClose={close} title="Add Cast">
      <div className="flex flex-col gap-5">
        <TextField
          label="Cast Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          maxLength={100}
        />
        <MediaField label="Cast Image" kind="image" value={image} onChange={setImage} error={errors.image} alt={name} />
        <Button onClick={add} className="w-full py-3">
          Add
        </Button>
      </div>
    </Dialog>
  );
}
