import { describe, expect, it } from "vitest";
import { imageFileStems } from "#web/features/codes/lib/code-batch-csv.ts";

const code = (externalReference: string, verificationCode: string) => ({ externalReference, verificationCode });

describe("imageFileStems: the batch ZIP's file names", () => {
  it("names each image by its reference, made safe for a file name", () => {
    expect(imageFileStems([code("JOB-2026-0142", "VS-7K3M-9Q2P-4H")])).toEqual(["JOB-2026-0142"]);
  });

  it("never gives two codes one name, even when they differ only in case or in characters a file cannot hold", () => {
    const stems = imageFileStems([
      code("JOB-1", "VS-AAAA-AAAA-AA"),
      code("job-1", "VS-BBBB-BBBB-BB"),
      code("JOB/1", "VS-CCCC-CCCC-CC"),
    ]);
    expect(new Set(stems.map((stem) => stem.toLowerCase())).size).toBe(3);
    expect(stems[0]).toBe("JOB-1");
    // The later ones carry their own verification code, so a reader can tell them apart.
    expect(stems[1]).toContain("BBBB");
    expect(stems[2]).toContain("CCCC");
  });

  it("falls back to the row's number for a reference with nothing a file name can keep", () => {
    expect(imageFileStems([code("JOB-1", "VS-A"), code("///", "VS-B")])[1]).toBe("code-2");
  });
});
