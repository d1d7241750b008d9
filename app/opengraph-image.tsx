import { ImageResponse } from "next/og";

// The site's default sharing picture (survey pages have their own, with their results).
export const alt = "OPINEX: yes/no surveys with honest results";
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

export default function Image() {
  return new ImageResponse(
    (
      <div style={{ width: "100%", height: "100%", display: "flex", flexDirection: "column", justifyContent: "center", padding: 80, background: "linear-gradient(135deg, #1e40af, #2563eb)", color: "white", fontFamily: "sans-serif" }}>
        <div style={{ display: "flex", fontSize: 96, fontWeight: 800, letterSpacing: 8 }}>OPINEX</div>
        <div style={{ display: "flex", marginTop: 24, fontSize: 44 }}>Empower your decisions with data-driven insights</div>
        <div style={{ display: "flex", marginTop: 40, fontSize: 32, opacity: 0.9 }}>Create a survey · Take a survey · Analyze results</div>
      </div>
    ),
    size,
  );
}
