// Shown at once while a question editor page is read (instead of the exam page's skeleton).
export default function LoadingQuestion() {
  return (
    <div className="flex animate-pulse flex-col gap-6" aria-busy="true" aria-label="Loading the question">
      <div className="h-4 w-72 rounded bg-slate-200" />
      <div className="h-7 w-80 rounded bg-slate-200" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <div className="flex flex-col gap-4">
          <div className="h-44 rounded-lg bg-slate-100" />
          <div className="h-24 rounded-lg bg-slate-100" />
          <div className="h-24 rounded-lg bg-slate-100" />
        </div>
        <div className="h-72 rounded-lg bg-slate-100" />
      </div>
    </div>
  );
}
