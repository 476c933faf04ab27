"use client";

// A drop zone with what it currently holds beside it: the picture, or the video's address.
import { UploadDropzone } from "./upload-dropzone";

type Props = {
  label: string;
  /** What the file is for, under the label. */
  description?: string;
  kind: "image" | "video";
  value: string;
  onChange: (url: string) => void;
  error?: string;
  alt?: string;
  onUploadingChange?: (uploading: boolean) => void;
};

export function MediaField({ label, description, kind, value, onChange, error, alt = "", onUploadingChange }: Props) {
  return (
    <div className="flex flex-col gap-3">
      <div className={value ? "grid items-center gap-4 sm:grid-cols-[1fr_auto]" : ""}>
        <UploadDropzone
          label={label}
          description={description}
          kind={kind}
          onUploaded={onChange}
          onUploadingChange={onUploadingChange}
        />
        {value && (
          <div className="self-end">
            {kind === "image" ? (
              // eslint-disable-next-line @next/next/no-img-element -- uploads are served by our own API, not the image optimiser
              <img
                src={value}
                alt={alt}
                className="h-32 w-auto max-w-full rounded-md border border-border/40 object-contain sm:max-w-40"
              />
            ) : (
              <video
                src={value}
                muted
                preload="metadata"
                className="h-32 w-full rounded-md border border-border/40 bg-black object-cover sm:w-48"
                aria-label={alt || "Uploaded video"}
              />
            )}
          </div>
        )}
      </div>
      {error && <p className="text-sm text-accent">{error}</p>}
    </div>
  );
}
