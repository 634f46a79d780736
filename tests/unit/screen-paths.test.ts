import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { firstReadsAt, signedInScreensAt } from "#web/app/screen-paths.ts";

/**
 * The page's guard (web/landing-guard.ts) reads from an address alone whether the app shows a
 * signed-in screen there, before any of the app's script has arrived: it then draws the frame's
 * outline and fetches that screen's script. These tests hold its rule (web/app/screen-paths.ts) to
 * the router's own routes, read from web/app/router.tsx as TypeScript parses it.
 */

const ROUTER = "web/app/router.tsx";

/** Every `<Route path>` of the router, and whether it is inside the signed-in frame (ProtectedLayout). */
function routesOfRouter(): { path: string; inFrame: boolean }[] {
  const source = ts.createSourceFile(
    ROUTER,
    readFileSync(ROUTER, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const routes: { path: string; inFrame: boolean }[] = [];
  const attribute = (element: ts.JsxOpeningLikeElement, name: string) =>
    element.attributes.properties.find(
      (property): property is ts.JsxAttribute => ts.isJsxAttribute(property) && property.name.getText() === name,
    );
  const visit = (node: ts.Node, inFrame: boolean) => {
    let inside = inFrame;
    const opening = ts.isJsxElement(node) ? node.openingElement : ts.isJsxSelfClosingElement(node) ? node : null;
    if (opening?.tagName.getText() === "Route") {
      inside ||= attribute(opening, "element")?.initializer?.getText().includes("<ProtectedLayout") ?? false;
      const path = attribute(opening, "path")?.initializer;
      if (path && ts.isStringLiteral(path)) routes.push({ path: path.text, inFrame: inside });
    }
    ts.forEachChild(node, (child) => visit(child, inside));
  };
  visit(source, false);
  return routes;
}

/** An address the route's path matches: each parameter and splat given a value. */
const addressOf = (path: string) => path.replace(/:[a-z]+/gi, "x7Kp2").replace(/\*$/, "profile");

describe("which addresses show a signed-in screen, and what it reads first (web/app/screen-paths.ts)", () => {
  const routes = routesOfRouter().filter((route) => route.path !== "*");

  it("reads the router: signed-in and public routes both found", () => {
    expect(routes.filter((route) => route.inFrame).map((route) => route.path)).toContain("/portfolio");
    expect(routes.filter((route) => !route.inFrame).map((route) => route.path)).toContain("/privacy-policy");
    expect(routes.length).toBeGreaterThan(20);
  });

  it("names a screen chunk for every route inside the signed-in frame, and none for the public pages", () => {
    const wrong = routes.filter((route) => (signedInScreensAt(addressOf(route.path)) !== null) !== route.inFrame);
    expect(wrong).toEqual([]);
  });

  it("sends the dashboard, the lenders' and the administrators' screens to their own chunks", () => {
    expect(["/", "/dashboard"].map(signedInScreensAt)).toEqual(["dashboard", "dashboard"]);
    expect(["/portfolio", "/reliance/new"].map(signedInScreensAt)).toEqual(["lender", "lender"]);
    expect(["/admin", "/admin/users"].map(signedInScreensAt)).toEqual(["admin", "admin"]);
    expect(["/qr-history", "/settings/profile"].map(signedInScreensAt)).toEqual(["workspace", "workspace"]);
    expect(["/terms-of-use", "/qr-view", "/invite/abc"].map(signedInScreensAt)).toEqual([null, null, null]);
  });

  it("names first reads only for the dashboard and the unfiltered Portfolio", () => {
    expect(firstReadsAt("/dashboard", "")).toContain("/api/analytics/stats");
    expect(firstReadsAt("/portfolio", "")).toEqual(["/api/companies/current", "/api/watches?page=1"]);
    // A filtered Portfolio reads what its address says, which the page does not work out.
    expect(firstReadsAt("/portfolio", "?show=expiring")).toEqual([]);
    expect(firstReadsAt("/qr-history", "")).toEqual([]);
  });
});
