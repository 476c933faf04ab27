"use client";

// The upload drop zone (docs/product.md "Uploads"): one file, images and videos only, a real progress
// bar while uploading, and a toast with the outcome.
import { useEffect, useId, useState } from "react";
import { useDropzone, type Accept, type FileRejection } from "react-dropzone";
import { toast } from "@/lib/client/toast";
import { GENERIC_FAILURE, UploadError, uploadFile } from "@/lib/client/upload";

/** The original client's accepted types, plus the registered names browsers actually report, with extensions. */
const IMAGE_TYPES: Accept = {
  "image/jpeg": [".jpg", ".jpeg"],
  "image/jpg": [".jpg", ".jpeg"],
  "image/png": [".png"],
  "image/webp": [".webp"],
};
const VIDEO_TYPES: Accept = {
  "video/mp4": [".mp4"],
  "video/avi": [".avi"],
  "video/x-msvideo": [".avi"],
  "video/mkv": [".mkv"],
  "video/x-matroska": [".mkv"],
  "video/mov": [".mov"],
  "video/quicktime": [".mov"],
  "video/wmv": [".wmv"],
  "video/x-ms-wmv": [".wmv"],
  "video/flv": [".flv"],
  "video/x-flv": [".flv"],
};
const ACCEPT = { image: IMAGE_TYPES, video: VIDEO_TYPES, any: { ...IMAGE_TYPES, ...VIDEO_TYPES } };

const REJECTED_TYPE_MESSAGE = "Only image and video files are accepted.";

export type UploadDropzoneProps = {
  onUploaded: (url: string) => void;
  kind?: "image" | "video" | "any";
  label?: string;
  /** A line under the label saying what the file is for (the group's and the zone's description). */
  description?: string;
  /** A bearer token, for pages used without the session cookie. */
  token?: string;
  className?: string;
  /** Told when an upload starts and when it ends (finished or failed), e.g. to hold a form's submit. */
  onUploadingChange?: (uploading: boolean) => void;
};

export function UploadDropzone({
  onUploaded,
  kind = "any",
  label,
  description,
  token,
  className = "",
  onUploadingChange,
}: UploadDropzoneProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;
  const labelId = useId();
  const hintId = useId();
  const descriptionId = useId();

  useEffect(() => {
    onUploadingChange?.(uploading);
  }, [uploading, onUploadingChange]);

  async function upload(file: File) {
    setProgress(0);
    try {
      const url = await uploadFile(file, {
        token,
        onProgress: (fraction) => setProgress(Math.min(100, Math.round(fraction * 100))),
      });
      onUploaded(url);
      toast.success("Upload successfully");
    } catch (error) {
      toast.error(error instanceof UploadError ? error.message : GENERIC_FAILURE);
    } finally {
      setProgress(null);
    }
  }

  function reject(rejections: FileRejection[]) {
    const tooMany = rejections.some((r) => r.errors.some((e) => e.code === "too-many-files"));
    toast.error(tooMany ? "Please upload one file at a time." : REJECTED_TYPE_MESSAGE);
  }

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: ACCEPT[kind],
    multiple: false,
    maxFiles: 1,
    disabled: uploading,
    onDropAccepted: ([file]) => file && void upload(file),
    onDropRejected: reject,
  });

  return (
    // The file input sits beside the zone, not in it: a focusable control inside role=button is a
    // nested interactive control to assistive technology (axe nested-interactive).
    <div
      className={className}
      role={label ? "group" : undefined}
      aria-labelledby={label ? labelId : undefined}
      aria-describedby={label && description ? descriptionId : undefined}
    >
      {label && (
        <p id={labelId} className={`${description ? "mb-1" : "mb-2"} text-sm font-semibold text-white/80`}>
          {label}
        </p>
      )}
      {label && description && (
        <p id={descriptionId} className="mb-2 text-xs text-text">
          {description}
        </p>
      )}
      <input {...getInputProps({ "aria-hidden": true })} />
      <div
        {...getRootProps({
          // react-dropzone makes it focusable and opens the picker on Enter or Space: say so. Its
          // name is the field's label and the words shown inside (WCAG 2.5.3, label in name).
          role: "button",
          "aria-labelledby": label ? `${labelId} ${hintId}` : hintId,
          "aria-describedby": label && description ? descriptionId : undefined,
          "aria-disabled": uploading,
          "aria-busy": uploading,
          className: `flex min-h-32 flex-col items-center justify-center gap-3 rounded-md border-2 border-dashed px-6 py-8 text-center outline-none transition focus-visible:ring-2 focus-visible:ring-accent ${
            uploading
              ? "cursor-not-allowed border-white/20 opacity-80"
              : "cursor-pointer border-white/30 hover:border-accent"
          } ${isDragActive ? "border-accent bg-white/5" : ""}`,
        })}
      >
        {uploading ? (
          <>
            <span id={hintId} className="text-sm">
              Uploading...
            </span>
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-2 w-full max-w-xs overflow-hidden rounded bg-white/10"
            >
              <div className="h-full bg-subMain transition-[width]" style={{ width: `${progress}%` }} />
            </div>
          </>
        ) : (
          <span id={hintId} className="text-sm">
            {isDragActive ? "Drop the file here" : "Drag your file here"}
          </span>
        )}
      </div>
    </div>
  );
}
