import { describe, expect, it } from "vitest";
import { makePng, makeSvg } from "@/tests/support/media-fixtures";
import { ResourceBag } from "../rich-text/resource-bag";
import { imageFromFile } from "./image-file";

describe("imageFromFile: the base image is refused here for what the server would refuse", () => {
  it("takes an image with its size", async () => {
    const bag = new ResourceBag();
    expect(await imageFromFile(new File([makeSvg(120, 80).slice()], "map.svg"), bag)).toMatchObject({
      width: 120,
      height: 80,
    });
    expect(bag.size).toBe(1);
  });

  it("an SVG over a limit, naming it", async () => {
    const deep = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${"<g>".repeat(300)}${"</g>".repeat(300)}</svg>`;
    expect(await imageFromFile(new File([deep], "deep.svg"), new ResourceBag())).toEqual({
      error:
        "“deep.svg” cannot be used: the SVG nests elements more than 256 levels deep; at most 256 levels are allowed.",
    });
  });

  it("an image larger than the app stores and draws", async () => {
    const bag = new ResourceBag();
    expect(await imageFromFile(new File([makePng(1, 32_768).slice()], "tall.png"), bag)).toEqual({
      error:
        "“tall.png” cannot be used: the image is 1 × 32,768 pixels; an image may be at most 32,767 pixels wide and high and 268,435,456 pixels in all.",
    });
    expect(bag.size).toBe(0);
  });
});
