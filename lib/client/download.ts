// Saves a stored video to the user's disk as '<movie name>.mp4', with a progress toast (spec section 8,
// CONTRACT.md section 6). The bytes come from this server's /api/upload, read as a stream so the
// toast can count them.
import toast from "react-hot-toast";

/** A name safe on every operating system, keeping the movie's own words. */
export const downloadFileName = (movieName: string) => `${movieName.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ").trim() || "video"}.mp4`;

export async function downloadVideo(videoUrl: string, movieName: string): Promise<void> {
  const id = toast.loading("Downloading video...");
  try {
    const url = `${videoUrl}${videoUrl.includes("?") ? "&" : "?"}download=1`;
    const response = await fetch(url);
    if (!response.ok || !response.body) throw new Error(`download failed: ${response.status}`);
    const total = Number(response.headers.get("content-length")) || 0;
    const reader = response.body.getReader();
    const chunks: BlobPart[] = [];
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      if (total) toast.loading(`Downloading video... ${Math.floor((received / total) * 100)}%`, { id });
    }
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob(chunks, { type: "video/mp4" }));
    link.download = downloadFileName(movieName);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    toast.success("Download completed!", { id });
  } catch {
    toast.error("Error downloading the video", { id });
  }
}
