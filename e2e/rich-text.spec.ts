// The rich-text editor, in the exam description (a field with links): formatting typed with
// keyboard shortcuts and the toolbar, an image uploaded through the file input with alt text,
// media pasted and dropped, a YouTube video; saved, then read back through /api/json to find
// exactly what was typed, the image at its /media/ path.
import { createHash } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { makePng, makeWav } from "../tests/support/media-fixtures";
import { expect, fieldErrors, fieldWarnings, rpcOk, test } from "./support/fixtures";

const mediaPath = (bytes: Uint8Array, ext: string) =>
  `/media/${createHash("sha256").update(bytes).digest("hex")}.${ext}`;

async function openDescription(
  page: Page,
  request: APIRequestContext,
  token: string,
): Promise<{ id: number; editor: Locator; toolbar: Locator }> {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Rich text", category: "Tests", code: "RT-1", evaluation_method: 1, passing_score: 70 },
  });
  await page.goto(`/exams/${exam.id}?tab=settings`);
  const editor = page.getByRole("textbox", { name: "Description" });
  await expect(editor).toBeVisible();
  return { id: exam.id, editor, toolbar: page.getByRole("toolbar", { name: "Formatting for Description" }) };
}

async function saveAndReadDescription(
  page: Page,
  request: APIRequestContext,
  token: string,
  id: number,
): Promise<string> {
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  return (await rpcOk(request, token, "exam.examGet", { id })).exam.description as string;
}

/** Dispatches a paste or drop of these files on the editor, as the browser does for real ones. */
async function sendFiles(
  editor: Locator,
  kind: "paste" | "drop",
  files: { name: string; type: string; bytes: Uint8Array }[],
): Promise<void> {
  const plain = files.map((f) => ({ name: f.name, type: f.type, bytes: Array.from(f.bytes) }));
  await editor.evaluate(
    (element, { kind, plain }) => {
      const data = new DataTransfer();
      for (const f of plain) data.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
      // A drop lands at the end of the last paragraph's text.
      const box = element.querySelector("p:last-of-type")!.getBoundingClientRect();
      const event =
        kind === "paste"
          ? new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true })
          : new DragEvent("drop", {
              dataTransfer: data,
              bubbles: true,
              cancelable: true,
              clientX: box.right - 2,
              clientY: box.top + box.height / 2,
            });
      element.dispatchEvent(event);
    },
    { kind, plain },
  );
}

test("formatting, a link and an uploaded image with alt text are stored exactly as typed", async ({
  page,
  token,
  request,
}) => {
  const { id, editor, toolbar } = await openDescription(page, request, token);
  const png = makePng(40, 30, [200, 30, 30]);

  await editor.click();
  // Keyboard shortcuts for inline formatting.
  await page.keyboard.type("Intro ");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("bold");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type(" and ");
  await page.keyboard.press("ControlOrMeta+i");
  await page.keyboard.type("italic");
  await expect(toolbar.getByRole("button", { name: "Italic" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ControlOrMeta+i");
  await expect(toolbar.getByRole("button", { name: "Italic" })).toHaveAttribute("aria-pressed", "false");
  // The toolbar for blocks.
  await page.keyboard.press("Enter");
  await page.keyboard.type("Section");
  await toolbar.getByRole("button", { name: "Heading 2" }).click();
  await expect(toolbar.getByRole("button", { name: "Heading 2" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "Bulleted list" }).click();
  await page.keyboard.type("one");
  await page.keyboard.press("Enter");
  await page.keyboard.type("two < three & four");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Centred");
  await toolbar.getByRole("button", { name: "Align centre" }).click();
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "Align centre" }).click(); // back to no alignment
  // A link: Ctrl+K with nothing selected inserts the address as linked text.
  await page.keyboard.type("See ");
  await page.keyboard.press("ControlOrMeta+k");
  const linkDialog = page.getByRole("dialog", { name: "Link" });
  await linkDialog.getByLabel("Address").fill("ftp://example.com");
  await linkDialog.getByRole("button", { name: "Apply" }).click();
  await expect(fieldErrors(linkDialog)).toContainText(["Enter an address starting with https://"]);
  await linkDialog.getByLabel("Address").fill("example.com/docs");
  await linkDialog.getByRole("button", { name: "Apply" }).click();
  await expect(linkDialog).toBeHidden();
  await expect(editor.getByRole("link", { name: "https://example.com/docs" })).toBeVisible();
  await page.keyboard.type(" today.");
  // An image through the hidden file input, at the cursor, then its alt text.
  await page.keyboard.press("Enter");
  await page
    .getByLabel("Upload image or audio for Description")
    .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from(png) });
  const image = editor.locator("img[src^='blob:']");
  await expect(image).toBeVisible();
  await expect(toolbar.getByRole("button", { name: "Image alt text" })).toBeDisabled();
  await image.click();
  await toolbar.getByRole("button", { name: "Image alt text" }).click();
  const altDialog = page.getByRole("dialog", { name: "Image description (alt text)" });
  await altDialog.getByLabel("Alt text").fill("A red rectangle");
  await altDialog.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByRole("img", { name: "A red rectangle" })).toBeVisible();

  const stored = await saveAndReadDescription(page, request, token, id);
  expect(stored).toBe(
    "<p>Intro <strong>bold</strong> and <em>italic</em></p><h2>Section</h2>" +
      "<ul><li><p>one</p></li><li><p>two &lt; three &amp; four</p></li></ul>" +
      '<p style="text-align:center">Centred</p>' +
      '<p>See <a href="https://example.com/docs" rel="noopener noreferrer">https://example.com/docs</a> today.</p>' +
      `<p><img src="${mediaPath(png, "png")}" alt="A red rectangle" /></p>`,
  );
  // After the save the editor shows the stored file, and nothing is left to save.
  await expect(editor.getByRole("img", { name: "A red rectangle" })).toHaveAttribute("src", mediaPath(png, "png"));
  await expect(page.getByRole("button", { name: "Save settings" })).toBeDisabled();
});

test("images and audio pasted or dropped are stored; other files are refused with a message", async ({
  page,
  token,
  request,
}) => {
  const { id, editor } = await openDescription(page, request, token);
  const png = makePng(8, 8, [20, 120, 200]);
  const wav = makeWav(50);

  await editor.click();
  await page.keyboard.type("Listen:");
  await sendFiles(editor, "paste", [
    { name: "notes.txt", type: "text/plain", bytes: new TextEncoder().encode("hello") },
  ]);
  await expect(fieldErrors(page)).toContainText(["“notes.txt” was not inserted"]);
  await sendFiles(editor, "drop", [{ name: "clip.wav", type: "audio/wav", bytes: wav }]);
  await expect(editor.locator("audio[src^='blob:']")).toHaveCount(1);
  await sendFiles(editor, "paste", [{ name: "image.png", type: "image/png", bytes: png }]);
  await expect(editor.locator("img[src^='blob:']")).toHaveCount(1);
  await expect(fieldErrors(page)).toHaveCount(0); // the refusal goes with the next edit

  const stored = await saveAndReadDescription(page, request, token, id);
  expect(stored).toContain(`<audio src="${mediaPath(wav, "wav")}" controls></audio>`);
  expect(stored).toContain(`<img src="${mediaPath(png, "png")}" />`);
  expect(stored.startsWith("<p>Listen:")).toBe(true);
});

test("a YouTube address becomes a privacy-enhanced embed", async ({ page, token, request }) => {
  const { id, editor, toolbar } = await openDescription(page, request, token);
  await editor.click();
  await page.keyboard.type("Watch this");
  await toolbar.getByRole("button", { name: "YouTube video" }).click();
  const dialog = page.getByRole("dialog", { name: "YouTube video" });
  await dialog.getByLabel("Video address").fill("https://vimeo.com/1");
  await dialog.getByRole("button", { name: "Insert video" }).click();
  await expect(fieldErrors(dialog)).toContainText(["Enter the address of a YouTube video"]);
  await dialog.getByLabel("Video address").fill("https://youtu.be/dQw4w9WgXcQ?t=1m5s");
  await dialog.getByRole("button", { name: "Insert video" }).click();
  await expect(dialog).toBeHidden();

  const stored = await saveAndReadDescription(page, request, token, id);
  expect(stored).toBe(
    '<p>Watch this</p><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=65" allowfullscreen></iframe>',
  );
});

test("a stored text with elements the editor lacks says so, and is kept as stored until it is edited", async ({
  page,
  token,
  request,
}) => {
  const description =
    "<table><caption>Prices</caption><thead><tr><th>Plan</th></tr></thead><tbody><tr><td>Basic</td></tr></tbody></table><p>Intro.</p>";
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: {
      type: 2,
      title: "Stored HTML",
      category: "Tests",
      code: "RT-2",
      evaluation_method: 1,
      passing_score: 70,
      description,
    },
  });
  const stored = (await rpcOk(request, token, "exam.examGet", { id: exam.id })).exam.description as string;
  expect(stored).toContain("<caption>Prices</caption><thead>");
  await page.goto(`/exams/${exam.id}?tab=settings`);
  const editor = page.getByRole("textbox", { name: "Description" });
  await expect(editor).toContainText("Basic");
  const warning =
    "The editor cannot keep this text's table caption and table header section: it is saved as stored unless you edit this field.";
  await expect(fieldWarnings(page)).toContainText([warning]);

  // Another field saved: the description stays exactly as stored.
  await page.getByLabel("Title").fill("Stored HTML, renamed");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  expect((await rpcOk(request, token, "exam.examGet", { id: exam.id })).exam.description).toBe(stored);
  await expect(fieldWarnings(page)).toContainText([warning]);

  // Edited: the warning goes, and the editor's form is what is saved.
  await editor.getByText("Intro.").click();
  await page.keyboard.press("End");
  await page.keyboard.type(" More.");
  await expect(fieldWarnings(page).filter({ hasText: "cannot keep" })).toHaveCount(0);
  const saved = await saveAndReadDescription(page, request, token, exam.id);
  // The caption's text is kept, as a first row.
  expect(saved).toBe(
    "<table><tbody><tr><td><p>Prices</p></td></tr><tr><th><p>Plan</p></th></tr><tr><td><p>Basic</p></td></tr></tbody></table><p>Intro. More.</p>",
  );
});
