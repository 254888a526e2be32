import { encode as encodeJpeg } from "jpeg-js";
import { GifWriter } from "omggif";
import { describe, expect, it } from "vitest";
import { makePng, makePngBomb, makePngOf } from "@/tests/support/media-fixtures";
import { composeTray, cropImage, decodeImage, encodePng, type RgbaImage } from "./raster";

/** A width×height image whose pixel (x, y) is (x, y, 7, 255). */
function gradient(width: number, height: number): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([x, y, 7, 255], (y * width + x) * 4);
  return { width, height, data };
}

function pixel(image: RgbaImage, x: number, y: number): number[] {
  const i = (y * image.width + x) * 4;
  return [...image.data.subarray(i, i + 4)];
}

function decoded(bytes: Uint8Array): RgbaImage {
  const result = decodeImage(bytes);
  if (!result.ok) throw new Error(result.message);
  return result.image;
}

describe("pixels for composing and cropping images", () => {
  it("decodes PNG (RGBA, RGB, palette), JPEG and GIF to RGBA, and reads back its own PNG", () => {
    const image = gradient(40, 30);
    expect(decoded(encodePng(image))).toEqual(image);
    const rgb = decoded(makePng(5, 4, [0, 128, 255]));
    expect([rgb.width, rgb.height, ...pixel(rgb, 4, 3)]).toEqual([5, 4, 0, 128, 255, 255]);

    const jpeg = decoded(encodeJpeg({ width: 16, height: 8, data: new Uint8Array(16 * 8 * 4).fill(200) }, 90).data);
    expect([jpeg.width, jpeg.height]).toEqual([16, 8]);
    expect(pixel(jpeg, 3, 3)[0]).toBeGreaterThan(190);

    const gifBytes = new Uint8Array(1024);
    const writer = new GifWriter(gifBytes, 3, 2, { palette: [0x000000, 0xff0000] });
    writer.addFrame(0, 0, 3, 2, [0, 1, 0, 1, 0, 1]);
    const gif = decoded(gifBytes.subarray(0, writer.end()));
    expect(pixel(gif, 1, 0)).toEqual([255, 0, 0, 255]);
    expect(pixel(gif, 2, 0)).toEqual([0, 0, 0, 255]);
  });

  it("says what it cannot decode", () => {
    expect(decodeImage(new TextEncoder().encode("<svg/>"))).toEqual({
      ok: false,
      message: expect.stringContaining("is not a PNG, JPEG or GIF image"),
    });
    const png = encodePng(gradient(8, 8));
    expect(decodeImage(png.subarray(0, 40))).toEqual({
      ok: false,
      message: expect.stringContaining("cannot be decoded"),
    });
  });

  it("decodes PNG of every bit depth, grey or colour, interlaced or not", () => {
    // (fast-png reads no interlaced PNG of fewer than 8 bits a sample.)
    for (const [colorType, depth, interlacing] of [
      [0, 1, [false]],
      [0, 4, [false]],
      [2, 8, [false, true]],
      [4, 8, [false, true]],
      [6, 16, [false, true]],
    ] as const)
      for (const interlaced of interlacing)
        for (const [w, h] of [
          [1, 1],
          [3, 2],
          [13, 9],
        ] as const) {
          const image = decoded(makePngOf(w, h, { colorType, depth, interlaced }));
          const alpha = colorType >= 4 ? 0 : 255;
          expect([image.width, image.height, ...pixel(image, w - 1, h - 1)]).toEqual([w, h, 0, 0, 0, alpha]);
        }
  });

  it("refuses at once a PNG whose image data inflates to more than its pixels need: 256 MiB for 10×10", () => {
    // Decoded as it comes, this image data takes seconds and a gigabyte of memory outside the
    // heap: the test's own time limit is the bound on how far it is inflated.
    expect(decodeImage(makePngBomb(10, 10, 256 * 1024 * 1024))).toEqual({
      ok: false,
      message: "has image data that inflates to more than the 310 bytes its 10×10 pixels need; such a PNG is refused",
    });
    expect(decodeImage(makePngOf(100_000, 100_000, { idat: new Uint8Array(100) }))).toEqual({
      ok: false,
      message: expect.stringContaining("is 100000×100000 pixels, more than the 40 megapixels"),
    });
  });

  it("crops a rectangle, clipped to the image", () => {
    const piece = cropImage(gradient(40, 30), { x: 10, y: 5, width: 4, height: 3 });
    expect([piece.width, piece.height]).toEqual([4, 3]);
    expect(pixel(piece, 0, 0)).toEqual([10, 5, 7, 255]);
    expect(pixel(piece, 3, 2)).toEqual([13, 7, 7, 255]);
    const clipped = cropImage(gradient(40, 30), { x: 38, y: 28, width: 10, height: 10 });
    expect([clipped.width, clipped.height]).toEqual([2, 2]);
  });

  it("composes pieces in a tray below the base image, keeping the base's coordinates, and crops them back out", () => {
    const base = gradient(100, 50);
    const pieces = [gradient(30, 20), gradient(40, 10), gradient(50, 25)];
    const { image, placements } = composeTray(base, pieces);
    expect(image.width).toBe(100);
    expect(pixel(image, 17, 33)).toEqual(pixel(base, 17, 33));
    // The first two fit one row (10 + 30 + 10 + 40 + 10 = 100); the third starts the next.
    expect(placements).toEqual([
      { x: 10, y: 60, width: 30, height: 20 },
      { x: 50, y: 60, width: 40, height: 10 },
      { x: 10, y: 90, width: 50, height: 25 },
    ]);
    expect(image.height).toBe(125);
    placements.forEach((rect, i) => expect(cropImage(image, rect)).toEqual(pieces[i]));
    // A piece wider than the base widens the result.
    expect(composeTray(base, [gradient(150, 5)]).image.width).toBe(170);
    expect(composeTray(base, []).image).toEqual(base);
  });

  it("blends a transparent piece onto the tray", () => {
    const clear: RgbaImage = { width: 2, height: 2, data: new Uint8Array(16) };
    const { image, placements } = composeTray(gradient(20, 10), [clear]);
    expect(pixel(image, placements[0]!.x, placements[0]!.y)).toEqual([241, 243, 245, 255]);
  });
});
