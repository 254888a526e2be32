// /e/[id]/card: the social-preview image of a ready exam whose description has no image of its
// own, drawn from its title, code and category (1200 × 630 PNG, Next's image response with its
// bundled font: nothing is fetched).
import { ImageResponse } from "next/og";
import { loadPublicExam } from "../public-exam";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const exam = await loadPublicExam((await params).id);
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: 72,
        background: "#0f2a5c",
        color: "#ffffff",
      }}
    >
      <div style={{ display: "flex", fontSize: 32, color: "#a9c4f5", textTransform: "uppercase", letterSpacing: 2 }}>
        {exam.category}
      </div>
      <div style={{ display: "flex", fontSize: exam.title.length > 60 ? 56 : 72, fontWeight: 700, lineHeight: 1.1 }}>
        {exam.title}
      </div>
      <div style={{ display: "flex", justifyContent: "space-between", fontSize: 32, color: "#dbe6fb" }}>
        <span>{exam.code}</span>
        <span>
          {exam.testing_questions} questions{exam.testing_time > 0 ? ` · ${exam.testing_time} min` : ""}
        </span>
      </div>
    </div>,
    { width: 1200, height: 630, headers: { "Cache-Control": "public, max-age=300" } },
  );
}
