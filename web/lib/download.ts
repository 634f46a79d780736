const BLOB_RELEASE_DELAY_MS = 40_000;

/** Offers something made in the browser (a PNG, a sealed PDF) as a download under the given name. */
export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Some browsers read the blob after click() returns; release it once the download surely began.
    setTimeout(() => URL.revokeObjectURL(url), BLOB_RELEASE_DELAY_MS);
  }
}
