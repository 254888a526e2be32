"use client";
// The base image as an HTMLImageElement for Konva, reloaded when its URL changes.
import { useEffect, useState } from "react";

export function useLoadedImage(url: string): HTMLImageElement | null {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    let live = true;
    const img = new window.Image();
    img.onload = () => live && setImage(img);
    img.src = url;
    return () => {
      live = false;
    };
  }, [url]);
  return image;
}
