import type { MetadataRoute } from "next";

/** The web app manifest (/manifest.webmanifest): name, colours and icons for "Add to home screen". */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Marquee",
    short_name: "Marquee",
    description: "Browse, search and stream movies: details, cast and reviews.",
    start_url: "/",
    display: "standalone",
    background_color: "#080a1a",
    theme_color: "#080a1a",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
