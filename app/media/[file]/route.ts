import { getAppContext } from "@/server/app-context";
import { serveMedia } from "@/server/media/serve";

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  return serveMedia(await getAppContext(), file);
}
