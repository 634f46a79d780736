import { describe, expect, it } from "vitest";
import { displayName } from "#schema/display-name.ts";
import { avatarInitial } from "#web/lib/display-name.ts";

const person = (firstName: string | null, lastName: string | null, email = "grace.wanjiru@example.co.ke") => ({
  firstName,
  lastName,
  email,
});

describe("displayName", () => {
  it("names a person by first and last name, or by whichever of them they gave", () => {
    expect(displayName(person("Grace", "Wanjiru"))).toBe("Grace Wanjiru");
    expect(displayName(person("Grace", null))).toBe("Grace");
    expect(displayName(person(null, "Wanjiru"))).toBe("Wanjiru");
    expect(displayName(person("", "Wanjiru"))).toBe("Wanjiru");
  });

  it("falls back to the part of the email before the @ when no name is given", () => {
    expect(displayName(person(null, null))).toBe("grace.wanjiru");
    expect(displayName(person("", ""))).toBe("grace.wanjiru");
    // A name of spaces is no name.
    expect(displayName(person("  ", " "))).toBe("grace.wanjiru");
    expect(displayName(person(null, null, "no-at-sign"))).toBe("no-at-sign");
  });

  it("says User when nothing names them", () => {
    expect(displayName(person(null, null, "@example.com"))).toBe("User");
    expect(displayName(person(null, null, ""))).toBe("User");
    expect(displayName(null)).toBe("User");
    expect(displayName(undefined)).toBe("User");
  });
});

describe("avatarInitial", () => {
  it("takes the first name's first letter, upper-cased", () => {
    expect(avatarInitial(person("grace", "Wanjiru"))).toBe("G");
    expect(avatarInitial(person("  émile", null))).toBe("É");
  });

  it("uses the email without a first name, and U with nothing at all", () => {
    expect(avatarInitial(person(null, "Wanjiru", "kip@example.com"))).toBe("K");
    expect(avatarInitial(person("", null, "kip@example.com"))).toBe("K");
    expect(avatarInitial(person(null, null, ""))).toBe("U");
    expect(avatarInitial(null)).toBe("U");
  });
});
