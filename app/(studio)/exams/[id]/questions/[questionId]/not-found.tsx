import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

// A question id that does not exist, someone else's, or one of another exam than the one in the
// address: all look the same (contract 2.3).
export default function QuestionNotFound() {
  return (
    <div className="mx-auto mt-12 max-w-md rounded-lg border border-slate-200 bg-white px-6 py-10 text-center">
      <p className="text-sm font-medium text-slate-500">404</p>
      <h1 className="mt-1 text-xl font-semibold">Question not found</h1>
      <p className="mt-2 text-sm text-slate-600">There is no question of yours at this address. It may have been deleted or belong to another exam.</p>
      <Link href="/exams" className={buttonClass("primary", "md", "mt-6")}>
        Back to your exams
      </Link>
    </div>
  );
}
