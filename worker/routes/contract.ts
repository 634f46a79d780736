import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { answerInvalidInput } from "../lib/validation";

/**
 * Every API route, the SPA's and the integration API's, is defined with createRoute: its request
 * schemas validate what arrives (a failure answers the one error shape), and its answer schemas
 * describe what leaves. From those same definitions come the integration API's published document
 * and the web app's typed client (web/lib/api-types.ts, `npm run api:types`), and the API tests
 * parse every answer with them.
 */
export const documentedRoutes = () => new OpenAPIHono<AppEnv>({ defaultHook: answerInvalidInput });

/** An answer with a JSON body. */
export const jsonAnswer = <Schema extends z.ZodType>(schema: Schema, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** A JSON request body, required. */
export const jsonBody = <Schema extends z.ZodType>(schema: Schema) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

/**
 * Text path parameters, named as in the route's path (`/{token}`): handlers decide what a value
 * names, and answer 404 for anything that names nothing.
 */
export const textParams = <Name extends string>(...names: Name[]) =>
  z.object(
    Object.fromEntries(names.map((name) => [name, z.string().meta({ param: { name, in: "path" } })])) as Record<
      Name,
      z.ZodString
    >,
  );

/**
 * A row id in the path (`/{id}`). It stays text here: the handler's parseId answers 404 for
 * anything that cannot name a row, as a mistyped address should.
 */
export const rowIdParam = textParams("id");

/** A request body or an answer that is a file's bytes, sent as any of `mediaTypes`. */
export const fileContent = (mediaTypes: readonly string[], description: string) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: z.string().meta({ format: "binary" }) }])),
});
