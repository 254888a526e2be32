// An audio clip (`<audio src controls>`): Tiptap has no audio node. A block atom, like an image
// on its own line, inserted by upload, paste or drop.
import { Node } from "@tiptap/core";
import { isEditorMediaSrc } from "./urls";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    audio: {
      /** Inserts an audio clip at the selection. */
      insertAudio: (src: string) => ReturnType;
    };
  }
}

/** The clip's file: the element's own src, or the first `<source src>` (as the API may store it). */
function audioSource(element: HTMLElement): string | null {
  return element.getAttribute("src") ?? element.querySelector("source[src]")?.getAttribute("src") ?? null;
}

export const Audio = Node.create({
  name: "audio",
  group: "block",
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return { src: { default: null, parseHTML: audioSource } };
  },

  parseHTML() {
    return [{ tag: "audio", getAttrs: (element) => (isEditorMediaSrc(audioSource(element)) ? null : false) }];
  },

  renderHTML({ node }) {
    return ["audio", { src: node.attrs.src as string, controls: "" }];
  },

  addCommands() {
    return {
      insertAudio:
        (src) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { src } }),
    };
  },
});
