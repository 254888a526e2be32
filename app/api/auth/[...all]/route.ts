import { getAccounts } from "@/server/app-context";

export const dynamic = "force-dynamic";

async function handle(req: Request): Promise<Response> {
  return (await getAccounts()).handler(req);
}

export const GET = handle;
export const POST = handle;
