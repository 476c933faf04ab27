"use client";
// Subtitle tracks of a movie in the admin form: each an uploaded file (SRT is converted to WebVTT
// by the server, which refuses malformed files) with a language code and a label.
import { useId, useRef, useState } from "react";
import { toast } from "@/lib/client/toast";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { FALLBACK_ERROR } from "@/lib/client/fetcher";

export type SubtitleValue = { language: string; label: string; url: string };

const SUBTITLE_UPLOAD_URL = "/api/upload/subtitle";

async function uploadSubtitle(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  const response = await fetch(SUBTITLE_UPLOAD_URL, { method: "POST", body: form, credentials: "same-origin" });
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok || typeof body !== "string") {
    const message =
      body && typeof body === "object" && "message" in body && typeof body.message === "string"
        ? body.message
        : FALLBACK_ERROR;
    throw new Error(message);
  }
  return body;
}

export function SubtitlesField({
  value,
  onChange,
  error,
}: {
  value: SubtitleValue[];
  onChange: (next: SubtitleValue[]) => void;
  error?: string;
}) {
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [language, setLanguage] = useState("");
  const [label, setLabel] = useState("");
  const [uploadError, setUploadError] = useState<string>();
  const [uploading, setUploading] = useState(false);

  async function add() {
    const file = fileInput.current?.files?.[0];
    if (!language.trim() || !label.trim() || !file) {
      setUploadError("Enter a language code and a label, and choose an SRT or WebVTT file");
      return;
    }
    setUploading(true);
    setUploadError(undefined);
    try {
      const url = await uploadSubtitle(file);
      onChange([...value, { language: language.trim(), label: label.trim(), url }]);
      setLanguage("");
      setLabel("");
      if (fileInput.current) fileInput.current.value = "";
      toast.success("Subtitle uploaded");
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : FALLBACK_ERROR;
      setUploadError(message);
      toast.error(message);
    } finally {
      setUploading(false);
    }
  }

  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-sm font-semibold text-text">Subtitles</legend>
      {value.length > 0 && (
        <ul aria-label="Subtitles" className="flex flex-col gap-2">
          {value.map((track, index) => (
            <li
              key={track.url}
              className="flex items-center justify-between gap-3 rounded-lg border border-border/40 bg-main px-4 py-2 text-sm"
            >
              <span className="min-w-0 truncate">
                {track.label} <span className="text-text">({track.language})</span>
              </span>
              <button
                type="button"
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                aria-label={`Remove subtitle ${track.label}`}
                className="rounded px-2 py-1 text-xs text-subMain transition hover:bg-subMain hover:text-white focus-visible:outline-2 focus-visible:outline-subMain"
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="grid items-end gap-4 md:grid-cols-[1fr_1fr_2fr_auto]">
        <TextField
          label="Subtitle language"
          placeholder="en"
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
        />
        <TextField
          label="Subtitle label"
          placeholder="English"
          value={label}
          onChange={(event) => setLabel(event.target.value)}
        />
        <div className="flex flex-col gap-2">
          <label htmlFor={fileId} className="text-sm font-semibold text-text">
            Subtitle file (SRT or WebVTT)
          </label>
          <input
            id={fileId}
            ref={fileInput}
            type="file"
            accept=".srt,.vtt,text/vtt,application/x-subrip"
            className="min-h-12 rounded-md border border-border/60 bg-main px-4 py-2.5 text-sm file:mr-3 file:rounded file:border-0 file:bg-dry file:px-3 file:py-1 file:text-white focus-visible:ring-2 focus-visible:ring-subMain/40 focus-visible:outline-none"
          />
        </div>
        <Button variant="outline" onClick={() => void add()} disabled={uploading}>
          {uploading && <Spinner />}
          Add Subtitle
        </Button>
      </div>
      {(uploadError ?? error) && <p className="text-sm text-subMain">{uploadError ?? error}</p>}
    </fieldset>
  );
}
