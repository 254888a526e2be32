import type { ReactNode } from "react";
import "./globals.css";

export const metadata = {
  title: { default: "Exam Studio", template: "%s · Exam Studio" },
  description: "Author certification-style practice exams",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
