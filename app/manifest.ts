import type { MetadataRoute } from "next";

// The web app manifest (/manifest.webmanifest): name, colours and home-screen icons. The PNGs are made
// from app/icon.svg by scripts/make-icons.mjs.
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "OPINEX: yes/no surveys and voting",
    short_name: "OPINEX",
    description: "Create yes/no surveys, vote once per person, and see the results as they come in.",
    start_url: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#1d4ed8",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
