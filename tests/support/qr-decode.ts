import jsQR from "jsqr";
import type { Page } from "playwright-core";

/**
 * Rasterises an image (an SVG data URL, or any src) in the real browser and reads it with a QR
 * decoder, the way a phone camera would see the printed code.
 */
export async function decodeQrImage(page: Page, src: string, size = 400): Promise<string | null> {
  const pixels = await page.evaluate(
    async ({ src, size }) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = size;
      canvas.height = size;
      const context = canvas.getContext("2d")!;
      context.fillStyle = "#fff";
      context.fillRect(0, 0, size, size);
      context.imageSmoothingEnabled = false;
      context.drawImage(image, 0, 0, size, size);
      return Array.from(context.getImageData(0, 0, size, size).data);
    },
    { src, size },
  );
  return jsQR(Uint8ClampedArray.from(pixels), size, size)?.data ?? null;
}
